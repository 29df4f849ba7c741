import { Link } from '@pcpp/contracts/router';
import styled from 'styled-components';
import { contactDetails, telHref, pageMeta } from '@pcpp/contracts/core';
import { usePageMeta } from '@pcpp/contracts/ui';
import { PageHeader } from '../../../components/page-header';
import { Inner } from '../../../components/section';
import { media } from '../../../lib/breakpoints';

const Layout = styled.div`
  display: grid;
  gap: 24px;
  align-items: start;
  ${media.large} { grid-template-columns: minmax(0, 1fr) 340px; }
`;

const Policy = styled.div`
  display: grid;
  gap: 20px;
  section {
    padding: 24px;
    background: var(--color-surface);
    border: 1px solid var(--color-border);
    border-radius: var(--radius);
  }
  h2 { margin: 0 0 10px; font-size: 1.25rem; }
  p, li { color: var(--color-ink-soft); }
  p { margin: 0 0 10px; }
  p:last-child { margin-bottom: 0; }
  ul, ol { margin: 0; padding-left: 22px; display: grid; gap: 6px; }
  a { font-weight: 600; overflow-wrap: anywhere; }
`;

const Glance = styled.aside`
  padding: 24px;
  border-radius: var(--radius);
  background: #fffbeb;
  border: 1px solid #fcd34d;
  ${media.large} { position: sticky; top: 88px; }
  h2 { margin: 0 0 12px; font-size: 1.15rem; }
  dl { margin: 0; display: grid; gap: 12px; }
  dt { font-weight: 700; }
  dd { margin: 2px 0 0; color: var(--color-ink-soft); }
`;

const mail = <a href={`mailto:${contactDetails.email}`}>{contactDetails.email}</a>;
const phone = <a href={telHref(contactDetails.phone)}>{contactDetails.phone}</a>;

export function ReturnPolicyPage() {
  usePageMeta(pageMeta.returnPolicy);
  return (
    <>
      <PageHeader
        title="Returns Policy"
        lead="You can send back any part within 30 days of delivery. Here is what we accept, how to start a return and when your money comes back."
      />
      <Inner>
        <Layout>
          <Policy>
            <section aria-labelledby="change-of-mind">
              <h2 id="change-of-mind">Changed your mind</h2>
              <p>
                Return any part within 30 days of delivery for a full refund of its price, as long as it is unused and
                in its original packaging with every accessory, manual and cable it came with.
              </p>
              <p>
                You pay the return shipping. You may return part of a bulk order: the minimum order quantity applies
                when you buy, not when you send parts back.
              </p>
            </section>
            <section aria-labelledby="damaged">
              <h2 id="damaged">Damaged, dead on arrival or the wrong part</h2>
              <p>
                Tell us within 7 days of delivery and include photos of the parcel and the part. We send you a prepaid
                return label and ship a replacement as soon as the return is scanned by the carrier. If the part is out
                of stock, we refund it in full, shipping included.
              </p>
            </section>
            <section aria-labelledby="warranty">
              <h2 id="warranty">Faults after 30 days: warranty</h2>
              <p>
                Every part we manufacture carries a three-year warranty (five years for our NVMe drives). A part that
                fails in normal use is repaired or replaced free of charge, and we pay the shipping both ways during the
                first year.
              </p>
            </section>
            <section aria-labelledby="exclusions">
              <h2 id="exclusions">What we cannot take back</h2>
              <ul>
                <li>Parts damaged after delivery: bent socket pins, cracked boards, burn marks or liquid damage.</li>
                <li>Parts whose serial-number label or warranty seal has been removed or broken.</li>
                <li>Parts changed by the owner, such as a graphics card with a replaced cooler or a modified BIOS.</li>
                <li>Opened tubes of thermal paste and other single-use consumables.</li>
              </ul>
            </section>
            <section aria-labelledby="how-to-return">
              <h2 id="how-to-return">How to return a part</h2>
              <ol>
                <li>
                  Email {mail} or call {phone} with your order id, the part, the quantity and the reason for the return.
                </li>
                <li>Within one business day we reply with a return number (and a prepaid label when the fault is ours).</li>
                <li>
                  Pack the part in its original box, boards, memory and cards in their anti-static bags, and write the
                  return number on the outside of the parcel.
                </li>
                <li>Ship it within 14 days of receiving the return number.</li>
                <li>We inspect every return within 3 business days of its arrival and email you the result.</li>
              </ol>
            </section>
            <section aria-labelledby="refunds">
              <h2 id="refunds">Refunds</h2>
              <p>
                Refunds go back to the card you paid with, within 5 business days of the inspection; your bank may take a
                few more days to show them. When the fault is ours, we refund your shipping costs too.
              </p>
              <p>
                An order you have not paid for yet needs no return: delete it from My Orders in your{' '}
                <Link to="/dashboard">dashboard</Link>.
              </p>
            </section>
          </Policy>
          <Glance aria-labelledby="at-a-glance">
            <h2 id="at-a-glance">At a glance</h2>
            <dl>
              <div>
                <dt>Return window</dt>
                <dd>30 days from delivery</dd>
              </div>
              <div>
                <dt>Damaged or wrong parts</dt>
                <dd>Report within 7 days; we pay the shipping</dd>
              </div>
              <div>
                <dt>Refund</dt>
                <dd>To your card within 5 business days of inspection</dd>
              </div>
              <div>
                <dt>Warranty</dt>
                <dd>3 years on every part, 5 on NVMe drives</dd>
              </div>
              <div>
                <dt>Contact</dt>
                <dd>
                  {phone}
                  <br />
                  {mail}
                </dd>
              </div>
            </dl>
          </Glance>
        </Layout>
      </Inner>
    </>
  );
}
