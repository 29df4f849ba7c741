import { createLinkTokens } from '../../auth/link-tokens';

/** How long an alert email's unsubscribe link works (an alert ends when it fires anyway). */
export const UNSUBSCRIBE_LINK_DAYS = 365;

/** One-click unsubscribe links for alert emails, working signed out: a signed token naming the alert. */
export function createUnsubscribeLinks(secret: string, publicApiUrl: string) {
  const tokens = createLinkTokens(secret, { purpose: 'alert-unsubscribe', audience: 'pcpp-alert-unsubscribe', days: UNSUBSCRIBE_LINK_DAYS });
  return {
    async url(alertId: string): Promise<string> {
      return `${publicApiUrl.replace(/\/$/, '')}/alerts/unsubscribe/${await tokens.sign(alertId)}`;
    },
    /** The alert id a link names, or null when it is not one of ours or has expired. */
    async alertOf(token: string): Promise<string | null> {
      const id = await tokens.subjectOf(token);
      return id && /^[0-9a-f]{24}$/.test(id) ? id : null;
    },
  };
}

export type UnsubscribeLinks = ReturnType<typeof createUnsubscribeLinks>;
