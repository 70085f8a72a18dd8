// Loaded before the app in the test build only (`vite build --mode e2e`):
// keeps every console error, uncaught error, unhandled rejection and CSP
// violation in `window.__pageErrors`, for drivers that give no console
// stream (WebKit over WebDriver). Same origin, so the policy allows it.
(() => {
  const errors = [];
  window.__pageErrors = errors;
  const text = (x) => (x instanceof Error ? `${x.name}: ${x.message}` : String(x));
  const error = console.error;
  console.error = (...args) => {
    errors.push(`console.error: ${args.map(text).join(' ')}`);
    error.apply(console, args);
  };
  addEventListener(
    'error',
    (e) =>
      errors.push(
        e instanceof ErrorEvent ? `error: ${e.message}` : `failed to load: ${e.target?.src ?? e.target?.href ?? '?'}`,
      ),
    true,
  );
  addEventListener('unhandledrejection', (e) => errors.push(`unhandled rejection: ${text(e.reason)}`));
  document.addEventListener('securitypolicyviolation', (e) =>
    errors.push(`CSP violation: ${e.violatedDirective} blocked ${e.blockedURI || 'inline'}`),
  );
})();
