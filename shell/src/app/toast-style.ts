import { createGlobalStyle } from 'styled-components';

/**
 * react-toastify in the site's palette, type and radius, and below the navbar (its height comes
 * from --navbar-height) so a toast never covers the navbar's links or Sign Out.
 * `.Toastify` in front outranks the library's own rules, whatever order the styles load in.
 */
export const ToastStyle = createGlobalStyle`
  :root {
    --toastify-font-family: var(--font);
    --toastify-toast-bd-radius: var(--radius);
    --toastify-toast-shadow: var(--shadow);
    --toastify-toast-top: calc(var(--navbar-height, 68px) + 12px);
    /* Right edge on the content's right edge (the site's width and 24 px gutter), 16 px on phones. */
    --toastify-toast-right: max(16px, calc((100% - var(--content-width)) / 2 + 24px));
    --toastify-toast-min-height: 56px;
    --toastify-text-color-light: var(--color-ink);
    --toastify-color-info: var(--color-primary);
    --toastify-color-success: var(--color-success);
    --toastify-color-warning: var(--color-accent);
    --toastify-color-error: var(--color-danger);
    --toastify-color-progress-light: var(--color-primary);
  }
  .Toastify .Toastify__toast {
    border: 1px solid var(--color-border);
    border-left: 4px solid var(--color-primary);
    line-height: 1.4;
  }
  .Toastify .Toastify__toast--success { border-left-color: var(--color-success); }
  .Toastify .Toastify__toast--error { border-left-color: var(--color-danger); }
  .Toastify .Toastify__toast--warning { border-left-color: var(--color-accent); }
  /* On phones the library pins toasts to the very top, full width and square: keep them below
     the navbar, inside the page gutters and rounded like the rest of the site. */
  @media only screen and (max-width: 480px) {
    .Toastify .Toastify__toast-container--top-right {
      top: var(--toastify-toast-top);
      left: 16px;
      right: 16px;
      width: auto;
    }
    .Toastify .Toastify__toast {
      border-radius: var(--radius);
      margin-bottom: 8px;
    }
  }
`;
