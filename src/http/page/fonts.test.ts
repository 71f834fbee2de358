import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { appRoot } from '../../runtime/self.js';
import { fontFaceCss, fontFile } from './fonts.js';

const pkg = path.join(appRoot(), 'node_modules', '@fontsource', 'noto-sans-sc');

test('the @font-face rules: each regular-weight slice with its unicode-range, woff2 from this origin only', () => {
  const css = fontFaceCss(appRoot());
  const rules = css.trim().split('\n');
  const slices = readdirSync(path.join(pkg, 'files')).filter((file) =>
    /^noto-sans-sc-\d+-400-normal\.woff2$/.test(file),
  );
  assert.equal(rules.length, slices.length);
  for (const rule of rules) {
    assert.match(
      rule,
      /^@font-face\{font-family:'Noto Sans SC';.*src:url\(\/assets\/fonts\/noto-sans-sc-\d+-400-normal\.woff2\) format\('woff2'\);unicode-range:U\+/,
    );
    assert.doesNotMatch(rule, /https?:|\.woff\)/);
  }
});

test('a font file by its name only; the release layout (vendor/fonts) is read like the package', () => {
  const name = readdirSync(path.join(pkg, 'files')).find((file) => /^noto-sans-sc-\d+-400-normal\.woff2$/.test(file))!;
  assert.deepEqual(fontFile(name, appRoot()), readFileSync(path.join(pkg, 'files', name)));
  for (const bad of ['../../package.json', 'noto-sans-sc-1-700-normal.woff2', `${name}/x`, 'x.woff2'])
    assert.equal(fontFile(bad, appRoot()), undefined, bad);
  const release = mkdtempSync(path.join(os.tmpdir(), 'fonts-release-'));
  try {
    const folder = path.join(release, 'vendor', 'fonts', 'noto-sans-sc');
    mkdirSync(folder, { recursive: true });
    copyFileSync(path.join(pkg, '400.css'), path.join(folder, '400.css'));
    copyFileSync(path.join(pkg, 'files', name), path.join(folder, name));
    assert.ok(fontFile(name, release)?.equals(readFileSync(path.join(pkg, 'files', name))));
    assert.equal(fontFaceCss(release), fontFaceCss(appRoot()), 'the same rules from the release');
  } finally {
    rmSync(release, { recursive: true, force: true });
  }
});
