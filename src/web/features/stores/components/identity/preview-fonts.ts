/*
 * The pairings' faces for the live preview and the pairing list (shared/brand.ts FONT_PAIRINGS): the
 * same files, weights and subset as the shop's own (features/shop/brand-fonts.css). The browser fetches a
 * face only when the preview or the list draws text in it.
 */
import "@fontsource/playfair-display/latin-600.css";
import "@fontsource/fraunces/latin-600.css";
import "@fontsource/lora/latin-600.css";
import "@fontsource/space-grotesk/latin-600.css";
import "@fontsource/caveat/latin-600.css";
import "@fontsource/work-sans/latin-400.css";
import "@fontsource/work-sans/latin-600.css";
import "@fontsource/nunito/latin-400.css";
import "@fontsource/nunito/latin-600.css";
import "@fontsource/dm-sans/latin-400.css";
import "@fontsource/dm-sans/latin-600.css";
