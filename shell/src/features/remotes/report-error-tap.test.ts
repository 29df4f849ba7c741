import { onReportedError, tapReportError } from './report-error-tap';

it('passes each reported error on unchanged, and lets the runtime error reports hear it once they listen', () => {
  const passedOn: unknown[] = [];
  const target: { reportError?: (error: unknown) => void } = { reportError: (error) => passedOn.push(error) };
  tapReportError(target);
  const early = new Error('thrown before the reports listen');
  target.reportError!(early);
  const heard: unknown[] = [];
  onReportedError((error) => heard.push(error));
  const late = new TypeError('cart is undefined');
  target.reportError!(late);
  expect(heard).toEqual([late]);
  expect(passedOn).toEqual([early, late]);
});

it('leaves a browser without reportError as it is', () => {
  const target: { reportError?: (error: unknown) => void } = {};
  tapReportError(target);
  expect(target.reportError).toBeUndefined();
});
