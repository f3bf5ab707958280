// Applies the theme chosen on this device before the first paint, so a light page never flashes
// dark. A file rather than an inline script: the Content-Security-Policy allows scripts from 'self' only.
try {
  if (localStorage.getItem('zerri.theme') === 'light') {
    document.documentElement.classList.remove('dark');
    document.documentElement.classList.add('light');
  }
} catch {
  // storage unavailable: the default (dark) theme stays
}
