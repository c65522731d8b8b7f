/** The line-icon look both apps draw their icons with (24 × 24, round 2 px strokes in the text colour). */
export const STROKE_ICON = {
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const;
