import { createGlobalStyle } from 'styled-components';

/** Design tokens as CSS variables, so every remote styles with the same palette without a provider. */
export const GlobalStyle = createGlobalStyle`
  :root {
    --color-ink: #0f172a;
    --color-ink-soft: #334155;
    --color-muted: #475569;
    --color-surface: #ffffff;
    --color-page: #f1f5f9;
    --color-border: #e2e8f0;
    --color-primary: #1d4ed8;
    --color-primary-dark: #1e3a8a;
    --color-accent: #f59e0b;
    --color-danger: #b91c1c;
    --color-success: #15803d;
    --radius: 10px;
    --shadow: 0 1px 2px rgb(15 23 42 / 0.06), 0 4px 16px rgb(15 23 42 / 0.08);
    --content-width: 1200px;
    --font: system-ui, -apple-system, 'Segoe UI', Roboto, 'Liberation Sans', Arial, sans-serif;
  }
  *, *::before, *::after { box-sizing: border-box; }
  html, body { margin: 0; padding: 0; }
  body {
    font-family: var(--font);
    color: var(--color-ink);
    background: var(--color-page);
    line-height: 1.5;
    -webkit-font-smoothing: antialiased;
  }
  #root { min-height: 100vh; display: flex; flex-direction: column; }
  a { color: var(--color-primary); }
  img { max-width: 100%; display: block; }
  button, input, select, textarea { font: inherit; }
  :focus-visible { outline: 3px solid var(--color-accent); outline-offset: 2px; }
`;
