/**
 * Stands in for jsPDF's optional html2canvas, DOMPurify and canvg (web/vite.config.ts points them
 * here): jsPDF imports them only for `html()` and SVG images, which the yearly report's PDF does not
 * use. Left out, the build has no chunks that are never fetched, and jsPDF's chunk needs no CommonJS
 * helpers (which would otherwise move into a chunk of their own that the landing page loads first).
 */
throw new Error('Not in this build: jsPDF html() and SVG images are not used by the app');
