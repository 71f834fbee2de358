/**
 * For the importer's tests and bench/import-attacks.ts only: hostile exports built byte by byte, as the red
 * team built them (issue 29, N2 and N5). A zip written by hand (PKWARE APPNOTE 6.3.10, 4.3: local headers,
 * the data, the central directory, its end record), so that a part can be a deflate bomb that no library
 * would write: a raw deflate stream of one compressed block repeated (each block compressed on its own, so
 * the copies reference nothing before them, and the stream inflates to the block's text repeated), with the
 * real CRC-32 and sizes of what it inflates to. What a reader sees is exactly what a hostile file holds.
 */
import { crc32, constants, deflateRawSync } from 'node:zlib';

/** one part of the zip: its bytes, or a bomb (prefix + chunk × times + suffix, deflated) */
export type ZipPart =
  | { name: string; data: Buffer | string; store?: boolean }
  | { name: string; bomb: { prefix: string; chunk: string; times: number; suffix: string } };

interface Packed {
  name: Buffer;
  method: number;
  crc: number;
  compressed: Buffer;
  size: number;
}

function pack(part: ZipPart): Packed {
  const name = Buffer.from(part.name, 'utf8');
  if ('data' in part) {
    const data = typeof part.data === 'string' ? Buffer.from(part.data, 'utf8') : part.data;
    const store = part.store === true;
    return {
      name,
      method: store ? 0 : 8,
      crc: crc32(data),
      compressed: store ? data : deflateRawSync(data),
      size: data.length,
    };
  }
  const { prefix, chunk, times, suffix } = part.bomb;
  const flush = { finishFlush: constants.Z_SYNC_FLUSH };
  const head = Buffer.from(prefix, 'utf8');
  const body = Buffer.from(chunk, 'utf8');
  const tail = Buffer.from(suffix, 'utf8');
  const block = deflateRawSync(body, flush);
  const blocks: Buffer[] = [deflateRawSync(head, flush)];
  let crc = crc32(head);
  for (let index = 0; index < times; index++) {
    blocks.push(block);
    crc = crc32(body, crc);
  }
  blocks.push(deflateRawSync(tail));
  crc = crc32(tail, crc);
  const size = head.length + body.length * times + tail.length;
  if (size >= 0xffffffff) throw new Error('a bomb part must inflate to less than 4 GiB (no zip64 here)');
  return { name, method: 8, crc, compressed: Buffer.concat(blocks), size };
}

/** A zip file of these parts, in this order. */
export function zipFile(parts: ZipPart[]): Buffer {
  const local: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const part of parts.map(pack)) {
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
    header.writeUInt16LE(0x0800, 6); // flags: names in UTF-8
    header.writeUInt16LE(part.method, 8);
    header.writeUInt32LE(0, 10); // time, date
    header.writeUInt32LE(part.crc >>> 0, 14);
    header.writeUInt32LE(part.compressed.length, 18);
    header.writeUInt32LE(part.size, 22);
    header.writeUInt16LE(part.name.length, 26);
    header.writeUInt16LE(0, 28);
    local.push(header, part.name, part.compressed);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt16LE(0x0800, 8);
    entry.writeUInt16LE(part.method, 10);
    entry.writeUInt32LE(0, 12);
    entry.writeUInt32LE(part.crc >>> 0, 16);
    entry.writeUInt32LE(part.compressed.length, 20);
    entry.writeUInt32LE(part.size, 24);
    entry.writeUInt16LE(part.name.length, 28);
    entry.writeUInt32LE(offset, 42);
    central.push(entry, part.name);
    offset += header.length + part.name.length + part.compressed.length;
  }
  const directory = Buffer.concat(central);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(parts.length, 8);
  end.writeUInt16LE(parts.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...local, directory, end]);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const RELS = 'http://schemas.openxmlformats.org/package/2006/relationships';
const OFFICE_RELS = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The parts every workbook holds besides its sheet and shared strings (one sheet, "Sheet1"). */
export function workbookParts(): ZipPart[] {
  return [
    {
      name: '[Content_Types].xml',
      data:
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">' +
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>' +
        '<Default Extension="xml" ContentType="application/xml"/>' +
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>' +
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>' +
        '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>' +
        '</Types>',
    },
    {
      name: '_rels/.rels',
      data:
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${RELS}">` +
        `<Relationship Id="rId1" Type="${OFFICE_RELS}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    },
    {
      name: 'xl/workbook.xml',
      data:
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<workbook xmlns="${MAIN}" xmlns:r="${OFFICE_RELS}">` +
        '<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>',
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data:
        `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="${RELS}">` +
        `<Relationship Id="rId1" Type="${OFFICE_RELS}/worksheet" Target="worksheets/sheet1.xml"/>` +
        `<Relationship Id="rId2" Type="${OFFICE_RELS}/sharedStrings" Target="sharedStrings.xml"/></Relationships>`,
    },
  ];
}

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';

function escapeXml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');
}

function columnName(index: number): string {
  let name = '';
  for (let rest = index + 1; rest > 0; rest = Math.floor((rest - 1) / 26))
    name = String.fromCharCode(65 + ((rest - 1) % 26)) + name;
  return name;
}

/** A worksheet of inline-string cells (rows of text), as Excel's inlineStr type. */
export function sheetXml(rows: string[][]): string {
  const body = rows
    .map(
      (cells, rowIndex) =>
        `<row r="${rowIndex + 1}">` +
        cells
          .map(
            (cell, index) =>
              `<c r="${columnName(index)}${rowIndex + 1}" t="inlineStr"><is><t>${escapeXml(cell)}</t></is></c>`,
          )
          .join('') +
        '</row>',
    )
    .join('');
  return `${XML_HEAD}<worksheet xmlns="${MAIN}"><sheetData>${body}</sheetData></worksheet>`;
}

/** A shared-strings part of these strings. */
export function sharedStringsXml(strings: string[]): string {
  return (
    `${XML_HEAD}<sst xmlns="${MAIN}" count="${strings.length}" uniqueCount="${strings.length}">` +
    strings.map((text) => `<si><t>${escapeXml(text)}</t></si>`).join('') +
    '</sst>'
  );
}

/** A plain workbook: one sheet of these rows (inline strings), an empty shared-strings part. */
export function plainWorkbook(rows: string[][]): Buffer {
  return zipFile([
    ...workbookParts(),
    { name: 'xl/sharedStrings.xml', data: sharedStringsXml([]) },
    { name: 'xl/worksheets/sheet1.xml', data: sheetXml(rows) },
  ]);
}

/**
 * N2's workbook: a few kilobytes of sheet, and a shared-strings part of `entries` one-letter strings that
 * inflates to ~17 bytes each (150 M entries: 2.5 GB from ~2.4 MB). The shared strings come first, as Excel
 * writes them.
 */
export function sharedStringsBomb(entries: number, header: string[]): Buffer {
  const perChunk = 4096;
  const times = Math.ceil(entries / perChunk);
  return zipFile([
    ...workbookParts(),
    {
      name: 'xl/sharedStrings.xml',
      bomb: {
        prefix: `${XML_HEAD}<sst xmlns="${MAIN}">`,
        chunk: '<si><t>a</t></si>'.repeat(perChunk),
        times,
        suffix: '</sst>',
      },
    },
    { name: 'xl/worksheets/sheet1.xml', data: sheetXml([header]) },
  ]);
}

/**
 * N5's workbook: one cell of `length` characters (a text run with no tag in it), in the shared strings
 * (`where: 'shared'`) or inline in a sheet that comes before the shared strings (`'sheet-first'`: the
 * reader must hold the sheet until the strings are read).
 */
export function longCellWorkbook(length: number, where: 'shared' | 'sheet-first', header: string[]): Buffer {
  const perChunk = 65536;
  const times = Math.ceil(length / perChunk);
  if (where === 'shared') {
    return zipFile([
      ...workbookParts(),
      {
        name: 'xl/sharedStrings.xml',
        bomb: {
          prefix: `${XML_HEAD}<sst xmlns="${MAIN}"><si><t>`,
          chunk: 'a'.repeat(perChunk),
          times,
          suffix: '</t></si></sst>',
        },
      },
      {
        name: 'xl/worksheets/sheet1.xml',
        data: sheetXml([header]).replace('</sheetData>', '<row r="2"><c r="A2" t="s"><v>0</v></c></row></sheetData>'),
      },
    ]);
  }
  const cells = header
    .map((text, index) => `<c r="${columnName(index)}1" t="inlineStr"><is><t>${escapeXml(text)}</t></is></c>`)
    .join('');
  return zipFile([
    ...workbookParts(),
    {
      name: 'xl/worksheets/sheet1.xml',
      bomb: {
        prefix: `${XML_HEAD}<worksheet xmlns="${MAIN}"><sheetData><row r="1">${cells}</row><row r="2"><c r="A2" t="inlineStr"><is><t>`,
        chunk: 'a'.repeat(perChunk),
        times,
        suffix: '</t></is></c></row></sheetData></worksheet>',
      },
    },
    { name: 'xl/sharedStrings.xml', data: sharedStringsXml([]) },
  ]);
}
