import { Link } from 'react-router';
import { PLANS, PRODUCT_NAME } from '@localperks/shared';
import { h2Class, textClass, listClass, linkClass, formatPrice, SupportAddress, RegisterMerchantCta, LegalHeader } from './page-parts';
import { paths } from '../../../../config/paths';

/** `$15` for whole dollars, `$9.99` otherwise. */
function planPriceText(plan: (typeof PLANS)[number]): string {
  const fee = plan.priceCentsPerMonth > 0 ? `${formatPrice(plan.priceCentsPerMonth)} per month` : 'no monthly fee';
  return `${fee}, ${plan.commissionPercent}% commission on each sale`;
}

export default function MerchantTermsPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <LegalHeader page="merchant-terms" title="Merchant Terms of Service" updated="May 20, 2025" updatedIso="2025-05-20" />

      <section aria-labelledby="mterms-1">
        <h2 id="mterms-1" className={h2Class}>
          1. Agreement
        </h2>
        <p className={textClass}>
          These Merchant Terms of Service ("Merchant Terms") apply to every business ("merchant", "you") that registers with {PRODUCT_NAME}{' '}
          to list a business, message customers or offer deals. They apply in addition to our general{' '}
          <Link to={paths.terms} className={linkClass}>
            Terms of Service
          </Link>{' '}
          and our{' '}
          <Link to={paths.privacy} className={linkClass}>
            Privacy Policy
          </Link>
          . By registering as a merchant or using the merchant dashboard, you agree to these Merchant Terms on behalf of yourself and the
          business you represent, and you confirm that you are authorized to do so.
        </p>
      </section>

      <section aria-labelledby="mterms-2">
        <h2 id="mterms-2" className={h2Class}>
          2. Deal Review and Approval
        </h2>
        <p className={textClass}>
          Every merchant registration is vetted by our team before approval, and deal creation is available only once your business is
          approved. All deals you submit are subject to review, approval, modification and removal at {PRODUCT_NAME}'s sole discretion. We
          may decline, edit, pause or remove a deal or listing at any time, including when we believe it breaks these Merchant Terms, is
          misleading, or is not in the interest of our customers.
        </p>
        <p className={`mt-4 ${textClass}`}>
          You waive any claims against {PRODUCT_NAME} arising from our decisions to review, approve, reject, modify or remove your deals,
          listings or account, to the fullest extent permitted by law.
        </p>
      </section>

      <section aria-labelledby="mterms-3">
        <h2 id="mterms-3" className={h2Class}>
          3. Merchant Obligations
        </h2>
        <p className={textClass}>As a merchant on {PRODUCT_NAME}, you agree to:</p>
        <ul className={listClass}>
          <li>provide accurate, complete and current information about your business, and keep it up to date;</li>
          <li>honor every deal you sell, on the terms shown in the deal, until its expiration date;</li>
          <li>check each customer's redemption code or QR image, and treat deal customers as well as any other customer;</li>
          <li>hold all licenses, permits and insurance required to operate your business and provide the deal;</li>
          <li>comply with all applicable laws, including consumer protection, advertising, tax and gift certificate laws;</li>
          <li>respond promptly to customer messages and to our inquiries, including refund claims; and</li>
          <li>use customer information only to fulfil deals and provide related customer service.</li>
        </ul>
      </section>

      <section aria-labelledby="mterms-4">
        <h2 id="mterms-4" className={h2Class}>
          4. Commission and Fees
        </h2>
        <p className={textClass}>{PRODUCT_NAME} collects a commission on sales according to your plan. The current plans are:</p>
        <ul className={listClass}>
          {PLANS.map((plan) => (
            <li key={plan.id}>
              <strong className="font-semibold text-slate-900">{plan.name}:</strong> {planPriceText(plan)}.
            </li>
          ))}
        </ul>
        <p className={`mt-4 ${textClass}`}>
          Plans with a monthly fee are billed monthly and renew automatically until canceled. We will give you at least 30 days' notice
          before any change to your commission rate takes effect. Payment processing fees are separate from commission and may be deducted
          from your payouts. Payouts of your net proceeds are made semi-monthly, as described in our{' '}
          <Link to={paths.merchantFaq} className={linkClass}>
            merchant FAQ
          </Link>
          . Optional add-ons, such as{' '}
          <Link to={paths.perkboostInfo} className={linkClass}>
            PerkBoost
          </Link>
          , are charged at the price shown when you buy them.
        </p>
      </section>

      <section aria-labelledby="mterms-5">
        <h2 id="mterms-5" className={h2Class}>
          5. Content Rules
        </h2>
        <p className={textClass}>
          You are responsible for everything you publish on {PRODUCT_NAME}, including business profiles, deal titles, descriptions, images
          and messages. Your content must:
        </p>
        <ul className={listClass}>
          <li>be accurate and not misleading, including the original price, deal price and any restrictions;</li>
          <li>
            not include phone numbers in deal descriptions (customers contact you through {PRODUCT_NAME} messaging or your business profile,
            and phone numbers in descriptions will be removed);
          </li>
          <li>only use images, names and trademarks that you own or have permission to use;</li>
          <li>not promote illegal, unsafe, adult or otherwise prohibited goods or services; and</li>
          <li>not contain offensive, discriminatory or harassing language.</li>
        </ul>
      </section>

      <section aria-labelledby="mterms-6">
        <h2 id="mterms-6" className={h2Class}>
          6. Termination
        </h2>
        <p className={textClass}>
          You may stop using {PRODUCT_NAME} and close your merchant account at any time by contacting us; deals already sold must still be
          honored. We may suspend or terminate your account, with or without notice, if you breach these Merchant Terms, receive repeated
          customer complaints or chargebacks, or put our customers or platform at risk. Amounts owed to either party at termination,
          including refunds to customers, remain payable.
        </p>
      </section>

      <section aria-labelledby="mterms-7">
        <h2 id="mterms-7" className={h2Class}>
          7. Limitation of Liability
        </h2>
        <p className={textClass}>
          To the fullest extent permitted by law, {PRODUCT_NAME} is not liable for any indirect, incidental, special or consequential
          damages, or for lost profits or revenue. Our total liability to you for any claim relating to these Merchant Terms or the service
          is capped at the amounts you paid to {PRODUCT_NAME} in the six months before the event giving rise to the claim.
        </p>
      </section>

      <section aria-labelledby="mterms-8">
        <h2 id="mterms-8" className={h2Class}>
          8. Governing Law
        </h2>
        <p className={textClass}>
          These Merchant Terms are governed by the laws of the State of California, without regard to its conflict-of-law rules.
        </p>
      </section>

      <section aria-labelledby="mterms-9">
        <h2 id="mterms-9" className={h2Class}>
          9. Contact Us
        </h2>
        <p className={textClass}>Questions about these Merchant Terms? Contact our merchant support team:</p>
        <SupportAddress />
      </section>

      <RegisterMerchantCta />
    </div>
  );
}
