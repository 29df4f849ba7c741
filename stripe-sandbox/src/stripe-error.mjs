// Errors shaped like Stripe's: an HTTP status and `{error: {type, code?, message, param?, ...}}`.

export class StripeError extends Error {
  /**
   * @param {number} status
   * @param {{ type: string, message: string, code?: string, param?: string, [key: string]: unknown }} body
   */
  constructor(status, body) {
    super(body.message);
    this.status = status;
    this.body = body;
  }
}

/** @param {string} message @param {{ code?: string, param?: string }} [extra] */
export const invalidRequest = (message, extra = {}) =>
  new StripeError(400, { type: 'invalid_request_error', message, ...extra });

/** @param {string} param */
export const missingParam = (param) => invalidRequest(`Missing required param: ${param}.`, { code: 'parameter_missing', param });

/** @param {string} param */
export const unknownParam = (param) => invalidRequest(`Received unknown parameter: ${param}`, { code: 'parameter_unknown', param });

/** @param {string} kind @param {string} id @param {string} param */
export const noSuch = (kind, id, param) =>
  new StripeError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'`, param });

/** @param {string} message */
export const authenticationError = (message) => new StripeError(401, { type: 'invalid_request_error', message });
