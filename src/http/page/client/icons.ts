/**
 * The page's icons as inline SVG (thumbs up and down on the feedback
 * buttons): they draw in any browser, with no emoji font on the machine and
 * none shipped (a colour-emoji font is megabytes for two glyphs). They take
 * the button's text colour, so they keep its contrast.
 */
import { svg } from './dom.js';

/** A thumb (a cuff and a hand, drawn for this page), pointing up or down. */
export function thumbIcon(direction: 'up' | 'down'): SVGElement {
  const icon = svg('svg', {
    viewBox: '0 0 24 24',
    width: '1.1em',
    height: '1.1em',
    'aria-hidden': 'true',
    focusable: 'false',
    class: `icon-thumb icon-thumb-${direction}`,
  });
  const group = svg('g', { fill: 'currentColor' });
  group.appendChild(svg('rect', { x: 2, y: 10, width: 4, height: 11, rx: 1 }));
  group.appendChild(
    svg('path', {
      d: 'M8 10 L12 3 C13.6 3 14.6 4.2 14.2 6 L13.4 10 H20 C21.2 10 22.1 11.1 21.8 12.3 L20 19.3 C19.7 20.3 18.8 21 17.7 21 H8 Z',
    }),
  );
  if (direction === 'down') group.setAttribute('transform', 'rotate(180 12 12)');
  icon.appendChild(group);
  return icon;
}
