import { randomBytes } from 'node:crypto';
import { orderNumberFrom } from '@pcpp/contracts/core';
import { type Collection, MongoServerError } from 'mongodb';
import type { OrderNumberDocument } from '../documents';

const DUPLICATE_KEY = 11000;
/** Reserving a random number fails only on a clash; this many clashes in a row means something else is wrong. */
const ORDER_NUMBER_ATTEMPTS = 8;

/** Reserves an order number: true when it was free (now taken), false when it was taken already. */
export async function reserveNumber(orderNumbers: Collection<OrderNumberDocument>, number: string, now = new Date()): Promise<boolean> {
  try {
    await orderNumbers.insertOne({ _id: number, createdAt: now });
    return true;
  } catch (error) {
    if (error instanceof MongoServerError && error.code === DUPLICATE_KEY) return false;
    throw error;
  }
}

/**
 * A new order number, reserved so no other order gets it: random (not guessable from another),
 * drawn again on the rare clash. One number names one order, however many lines it has.
 */
export async function newOrderNumber(orderNumbers: Collection<OrderNumberDocument>): Promise<string> {
  for (let attempt = 0; attempt < ORDER_NUMBER_ATTEMPTS; attempt += 1) {
    const number = orderNumberFrom(randomBytes(6));
    if (await reserveNumber(orderNumbers, number)) return number;
  }
  throw new Error(`no free order number after ${ORDER_NUMBER_ATTEMPTS} attempts`);
}
