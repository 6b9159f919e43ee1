// Paints the remembered theme before React starts, so a reload never flashes the other theme.
try {
  var t = localStorage.getItem('theme');
  if (t !== 'light' && t !== 'dark') t = matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light';
  document.documentElement.dataset.theme = t;
  document.documentElement.style.background = t === 'dark' ? '#0b1120' : '#f7f8fb';
  document.documentElement.style.colorScheme = t;
} catch {
  // Storage can be blocked; the app then picks the theme itself.
}
