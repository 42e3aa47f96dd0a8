// Runs before the page's bundle so the first paint already has the right theme and language. The build
// writes it into each page (vite.config.ts); the server's Content-Security-Policy allows it by its hash.
(() => {
  const root = document.documentElement;
  try {
    const theme = localStorage.getItem("ui-theme");
    const dark =
      theme === "dark" || (theme !== "light" && window.matchMedia("(prefers-color-scheme: dark)").matches);
    root.classList.toggle("dark", dark);
    root.style.colorScheme = dark ? "dark" : "light";
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
