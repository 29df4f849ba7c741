import { Button } from '@pcpp/contracts/ui';

const date = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });

/** A review row's last cells, shop or part review alike: its date, Shown/Hidden, and Hide/Show. */
export function VisibilityCells({ createdAt, hidden, what, pending, onToggle }: { createdAt: string; hidden: boolean; what: string; pending: boolean; onToggle: () => void }) {
  return (
    <>
      <td data-label="Date" className="nowrap">{date.format(new Date(createdAt))}</td>
      <td data-label="State" className="nowrap">{hidden ? <strong>Hidden</strong> : 'Shown'}</td>
      <td data-label="Action">
        <Button type="button" $variant={hidden ? 'primary' : 'secondary'} disabled={pending} aria-label={`${hidden ? 'Show' : 'Hide'}: ${what}`} onClick={onToggle}>
          {hidden ? 'Show' : 'Hide'}
        </Button>
      </td>
    </>
  );
}
