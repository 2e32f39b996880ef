/** Breakpoints (docs/requirements.md §5.2), in px; app.css uses the same values in its media queries. */
export const BREAKPOINTS = { xs: 520, sm: 640, md: 768, lg: 1024, xl: 1280 } as const;
