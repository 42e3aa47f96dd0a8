// Runs before the page's bundle so the first paint already has the right theme and language. The build
// writes it into each page (vite.config.ts); the server's Content-Security-Policy allows it by its hash.
(() => {
  const root = document.documentElement;
  try {
    const theme = localStorage.getItem("ui-theme");
    const system = window.matchMedia("(prefers-color-scheme: dark)");
    const apply = (dark) => {
      root.classList.toggle("dark", dark);
      root.style.colorScheme = dark ? "dark" : "light";
    };
    apply(theme === "dark" || (theme !== "light" && system.matches));
    // Without a choice of their own, a visitor's page follows the system as it changes (dusk on a phone),
    // as the app's ThemeProvider does; the shop pages have no provider of their own.
    if (theme !== "dark" && theme !== "light")
      system.addEventListener("change", (event) => apply(event.matches));
    const language = localStorage.getItem("torg-language");
    // A shop page arrives written in its language by the server; its lang attribute is already right.
    const rendered = root.hasAttribute("data-rendered-language");
    if (!rendered && (language === "en" || language === "nb" || language === "sv" || language === "da")) {
      root.lang = language;
    }
  } catch {
    // Storage can be blocked (private mode, strict settings): the app falls back to its defaults.
  }
})();
