import { Link } from 'react-router';
import { PRODUCT_NAME } from '@localperks/shared';
import { h2Class, textClass, listClass, linkClass, SupportAddress, RegisterMerchantCta, LegalHeader } from './page-parts';
import { paths } from '../../../../config/paths';

export default function MerchantRefundPolicyPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <LegalHeader page="merchant-refund-policy" title="Merchant Refund Policy" updated="May 22, 2025" updatedIso="2025-05-22" />

      <section aria-labelledby="refund-1">
        <h2 id="refund-1" className={h2Class}>
          1. Overview
        </h2>
        <p className={textClass}>
          Customers buy deals on {PRODUCT_NAME} trusting that the merchant will deliver what was promised. This policy explains when a
          customer can receive a refund for a deal you sold, how refund claims are handled, and how refunds and chargebacks affect your
          account and payouts. It forms part of our{' '}
          <Link to={paths.merchantTerms} className={linkClass}>
            Merchant Terms of Service
          </Link>
          . For customers, all sales are final except where a refund or credit is granted at {PRODUCT_NAME}'s discretion, as described in
          our{' '}
          <Link to={paths.terms} className={linkClass}>
            Terms of Service
          </Link>
          .
        </p>
      </section>

      <section aria-labelledby="refund-2">
        <h2 id="refund-2" className={h2Class}>
          2. Refund Eligibility
        </h2>
        <p className={textClass}>A customer may be eligible for a refund when the merchant:</p>
        <ul className={listClass}>
          <li>cannot fulfil the deal as described, for example because the product or service is no longer offered;</li>
          <li>closes the business, temporarily or permanently, before the customer can redeem the deal;</li>
          <li>refuses to honor a valid, unexpired redemption code or otherwise refuses service to the customer; or</li>
          <li>delivers a product or service that is very different from what the deal described.</li>
        </ul>
        <p className={`mt-4 ${textClass}`}>
          A change of mind, a missed expiration date or a deal that was already redeemed as described is generally not grounds for a refund.
        </p>
      </section>

      <section aria-labelledby="refund-3">
        <h2 id="refund-3" className={h2Class}>
          3. How Refund Claims Are Handled
        </h2>
        <ol className="mt-2 list-decimal space-y-2 pl-6 text-slate-700 leading-relaxed">
          <li>The customer reports the problem to {PRODUCT_NAME} support.</li>
          <li>
            {PRODUCT_NAME} contacts you with the details of the claim. You have{' '}
            <strong className="font-semibold text-slate-900">5 business days</strong> to respond.
          </li>
          <li>
            In your response, you can resolve the issue directly with the customer (for example by honoring the deal or offering a suitable
            alternative) or give us information that explains your side.
          </li>
          <li>We review the claim, your response and any other information, and decide on the outcome.</li>
        </ol>
      </section>

      <section aria-labelledby="refund-4">
        <h2 id="refund-4" className={h2Class}>
          4. Refunds Issued by {PRODUCT_NAME}
        </h2>
        <p className={textClass}>
          If you do not respond within 5 business days, or the issue is not resolved, {PRODUCT_NAME} may refund the customer directly. The
          refunded amount will be deducted from your future payouts.
        </p>
      </section>

      <section aria-labelledby="refund-5">
        <h2 id="refund-5" className={h2Class}>
          5. Final Decisions
        </h2>
        <p className={textClass}>
          All refund decisions made by {PRODUCT_NAME} are final. We make them in good faith, taking into account the information provided by
          both the customer and the merchant.
        </p>
      </section>

      <section aria-labelledby="refund-6">
        <h2 id="refund-6" className={h2Class}>
          6. Chargebacks
        </h2>
        <p className={textClass}>
          If a customer disputes a charge with their card issuer (a chargeback) for a deal you sold, any dispute fees charged to{' '}
          {PRODUCT_NAME} may be passed on to you, together with the disputed amount if the dispute is lost. Repeated chargebacks may lead to
          the suspension of your merchant account. Clear deal descriptions and prompt, helpful replies to customers are the best way to
          avoid them.
        </p>
      </section>

      <section aria-labelledby="refund-7">
        <h2 id="refund-7" className={h2Class}>
          7. Contact Us
        </h2>
        <p className={textClass}>Questions about this policy or a specific claim? Contact our merchant support team:</p>
        <SupportAddress />
      </section>

      <RegisterMerchantCta />
    </div>
  );
}
