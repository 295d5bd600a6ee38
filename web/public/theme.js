// Applies the theme chosen in the dashboard's header before the first paint, so a dark choice never
// flashes light. A plain script of this origin in <head> (the CSP allows no inline script); the key
// and values are those of web/src/lib/theme.ts. Without a choice the OS decides (prefers-color-scheme).
try {
  var theme = localStorage.getItem('hoplink-theme');
  if (theme === 'light' || theme === 'dark') document.documentElement.setAttribute('data-theme', theme);
} catch (e) {
  // Storage refused (privacy settings): the OS decides.
}
