import { useEffect, useId, useRef, type ReactNode } from 'react';
import styled from 'styled-components';
import { Button, ButtonSpinner, keepTabInside } from '@pcpp/contracts/ui';

const Dialog = styled.dialog`
  width: min(480px, calc(100vw - 32px));
  max-height: calc(100dvh - 32px);
  padding: 24px;
  border: 0;
  border-radius: 12px;
  box-shadow: 0 20px 50px rgb(15 23 42 / 0.35);
  &::backdrop { background: rgb(15 23 42 / 0.55); }
  h2 { margin: 0 0 8px; font-size: 1.2rem; overflow-wrap: anywhere; }
  p { margin: 0; color: var(--color-ink-soft); overflow-wrap: anywhere; }
  form { display: grid; gap: 16px; }
  .fields { display: grid; gap: 12px; }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: 12px;
`;


/**
 * A confirmation in a native modal <dialog>: the page behind is inert, Tab cycles inside,
 * Escape cancels, and the browser returns focus to the button that opened it. `children` are
 * form fields the action needs (a carrier, a reason): Enter in them confirms, as the button does.
 */
export function ConfirmDialog({
  open,
  title,
  body,
  confirmLabel,
  busyLabel,
  cancelLabel = 'Cancel',
  busy = false,
  error,
  confirmVariant = 'danger',
  children,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  body: ReactNode;
  confirmLabel: string;
  /** Shown on the confirm button while the action runs, e.g. 'Deleting…'. */
  busyLabel: string;
  /** The button that leaves everything as it was ('Keep order'). */
  cancelLabel?: string;
  busy?: boolean;
  error?: string | null;
  /** Red for what destroys or takes away (the default), blue for a step forward (shipping). */
  confirmVariant?: 'danger' | 'primary';
  children?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  // Several dialogs may sit on one page (ship, deliver, cancel): each names itself by its own ids.
  const id = useId();
  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <Dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      // Tab cycles inside the dialog (the browser alone would let it reach its own toolbar).
      onKeyDown={(event) => keepTabInside(event)}
      onCancel={(event) => {
        // Escape: the parent decides (and closes through `open`).
        event.preventDefault();
        if (!busy) onCancel();
      }}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy) onConfirm();
        }}
      >
        <p id={`${id}-body`}>{body}</p>
        {children && <div className="fields">{children}</div>}
        {error && (
          <p role="alert" style={{ color: 'var(--color-danger)', margin: 0 }}>
            {error}
          </p>
        )}
        <Actions>
          <Button type="button" $variant="secondary" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button type="submit" $variant={confirmVariant} disabled={busy}>
            {busy && <ButtonSpinner />}
            {busy ? busyLabel : confirmLabel}
          </Button>
        </Actions>
      </form>
    </Dialog>
  );
}
