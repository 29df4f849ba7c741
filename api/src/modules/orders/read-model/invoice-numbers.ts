import { type Collection, MongoServerError } from 'mongodb';
import type { InvoiceNumberDocument } from '../documents';

const DUPLICATE_KEY = 11000;

/**
 * The order's invoice number: the one it has, or the next in sequence, reserved once (the unique
 * order number decides between racing requests; a clash on the number draws the next).
 */
export async function invoiceNumberOf(invoiceNumbers: Collection<InvoiceNumberDocument>, orderNumber: string, now = new Date()): Promise<number> {
  for (let attempt = 0; attempt < 20; attempt += 1) {
    const existing = await invoiceNumbers.findOne({ orderNumber });
    if (existing) return existing._id;
    const [last] = await invoiceNumbers.find({}).sort({ _id: -1 }).limit(1).toArray();
    const next = (last?._id ?? 0) + 1;
    try {
      await invoiceNumbers.insertOne({ _id: next, orderNumber, issuedAt: now });
      return next;
    } catch (error) {
      if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
    }
  }
  throw new Error(`no invoice number for ${orderNumber} after 20 attempts`);
}
