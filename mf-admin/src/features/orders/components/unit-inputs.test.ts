import { adminText, type OrderLine } from '@pcpp/contracts/core';
import { testObjectId, testOrderLine } from '@pcpp/contracts/testing';
import { chosenUnits, unitsLeftToRefund, unitsLeftToShip } from './unit-inputs';

/** A line of 4 coolers, paid; each case sets its units. */
const line = (fields: Partial<OrderLine>) => testOrderLine(1, { productName: 'Quiet Tower Cooler', quantity: 4, unitPrice: 5_000, total: 20_000, ...fields });

describe('units left to ship, as the api counts them', () => {
  it.each([
    ['nothing shipped', line({}), 4],
    ['two of four shipped', line({ shippedQuantity: 2 }), 2],
    // A refund takes units not shipped yet first: they will not ship.
    ['two shipped, one refunded before shipping', line({ shippedQuantity: 2, refundedQuantity: 1 }), 1],
    // A return's refund is of shipped units: what is left to ship stays.
    ['two shipped, one returned and refunded', line({ shippedQuantity: 2, deliveredQuantity: 2, refundedQuantity: 1, returnedQuantity: 1 }), 2],
    ['all shipped, then one refunded', line({ status: 'shipped', shippedQuantity: 4, refundedQuantity: 1 }), 0],
    ['not paid', line({ status: 'placed' }), 0],
    ['cancelled', line({ status: 'cancelled', refundedQuantity: 4 }), 0],
  ])('%s', (_case, given, left) => {
    expect(unitsLeftToShip(given)).toBe(left);
  });
});

describe('units left to refund', () => {
  it.each([
    ['paid, nothing refunded', line({}), 4],
    ['one refunded, one in a return under way', line({ shippedQuantity: 4, refundedQuantity: 1, returningQuantity: 1 }), 2],
    ['delivered and refunded whole', line({ status: 'delivered', shippedQuantity: 4, deliveredQuantity: 4, refundedQuantity: 4 }), 0],
    ['not paid', line({ status: 'placed' }), 0],
  ])('%s', (_case, given, left) => {
    expect(unitsLeftToRefund(given)).toBe(left);
  });
});

describe('the units a dialog sends', () => {
  const cooler = { line: line({}), left: 3 };
  const memory = { line: line({ lineId: testObjectId(3), productName: 'Kingston Fury 32 GB' }), left: 2 };

  it('sends the lines with a count above 0, each once', () => {
    expect(chosenUnits([cooler, memory], { [cooler.line.lineId]: '3', [memory.line.lineId]: '0' })).toEqual([{ lineId: cooler.line.lineId, quantity: 3 }]);
  });

  it('refuses more than is left, a fraction, a negative count and nothing at all, naming the line', () => {
    expect(chosenUnits([cooler, memory], { [memory.line.lineId]: '3' })).toEqual({ problem: adminText.atMostUnits(2), lineId: memory.line.lineId });
    expect(chosenUnits([cooler], { [cooler.line.lineId]: '1.5' })).toEqual({ problem: adminText.atMostUnits(3), lineId: cooler.line.lineId });
    expect(chosenUnits([cooler], { [cooler.line.lineId]: '-1' })).toEqual({ problem: adminText.atMostUnits(3), lineId: cooler.line.lineId });
    expect(chosenUnits([cooler, memory], {})).toEqual({ problem: adminText.chooseUnits });
  });
});
