import { api, downloadFile } from '@pcpp/contracts';
import { closeAccountAnswerSchema, emailChangeAnswerSchema, signOutEverywhereAnswerSchema } from '@pcpp/contracts/core';

/** POST /me/email-change with the ID token of the sign-in just made: the link goes to the new address. */
export function requestEmailChange(idToken: string, newEmail: string) {
  return api.post('/me/email-change', { body: { newEmail }, headers: { Authorization: `Bearer ${idToken}` }, skipSessionRefresh: true, answer: emailChangeAnswerSchema });
}

/** POST /me/sign-out-everywhere: this session ends too. */
export function signOutEverywhere() {
  return api.post('/me/sign-out-everywhere', { answer: signOutEverywhereAnswerSchema });
}

/** GET /me/export, handed to the browser as a JSON file. */
export function downloadMyData(): Promise<void> {
  return downloadFile('/me/export', { filename: 'pc-part-picker-data.json' });
}

/** DELETE /me with the ID token of the sign-in just made and the email typed again. */
export function closeAccount(idToken: string, confirmEmail: string) {
  return api.delete('/me', { body: { confirmEmail }, headers: { Authorization: `Bearer ${idToken}` }, skipSessionRefresh: true, answer: closeAccountAnswerSchema });
}
