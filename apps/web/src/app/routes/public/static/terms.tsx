import { Link } from 'react-router';
import { PRODUCT_NAME } from '@localperks/shared';
import { h2Class, textClass, listClass, linkClass, SupportAddress, LegalHeader } from './page-parts';
import { paths } from '../../../../config/paths';

/** Terms of Service, served at both /terms and /company/terms. */
export default function TermsPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <LegalHeader page="terms" title="Terms of Service" updated="May 20, 2025" updatedIso="2025-05-20" />

      <section aria-labelledby="terms-1">
        <h2 id="terms-1" className={h2Class}>
          1. Agreement to Terms
        </h2>
        <p className={textClass}>
          These Terms of Service ("Terms") form a binding agreement between you and {PRODUCT_NAME} ("{PRODUCT_NAME}", "we", "us" or "our")
          and govern your use of the {PRODUCT_NAME} website and services. By creating an account, buying a deal or otherwise using the
          service, you agree to these Terms and to our{' '}
          <Link to={paths.privacy} className={linkClass}>
            Privacy Policy
          </Link>
          . If you do not agree, do not use the service.
        </p>
        <p className={`mt-4 ${textClass}`}>
          Businesses that list on {PRODUCT_NAME} are also bound by our{' '}
          <Link to={paths.merchantTerms} className={linkClass}>
            Merchant Terms of Service
          </Link>
          . We may update these Terms from time to time; the date above shows when they last changed, and continued use of the service after
          a change means you accept the updated Terms.
        </p>
      </section>

      <section aria-labelledby="terms-2">
        <h2 id="terms-2" className={h2Class}>
          2. User Accounts
        </h2>
        <p className={textClass}>
          You need an account to buy deals, vote for PerkBoost deals and keep a purchase history. When you create an account, you agree to:
        </p>
        <ul className={listClass}>
          <li>
            be at least 13 years old, and have permission from a parent or guardian if you are under the age of majority where you live;
          </li>
          <li>provide accurate, current and complete information and keep it up to date;</li>
          <li>keep your password confidential and not share your account with anyone else;</li>
          <li>take responsibility for all activity that happens under your account; and</li>
          <li>tell us promptly if you suspect unauthorized use of your account.</li>
        </ul>
        <p className={`mt-4 ${textClass}`}>
          We may suspend or close accounts that violate these Terms, that are used for fraud or abuse, or that provide false information.
        </p>
      </section>

      <section aria-labelledby="terms-3">
        <h2 id="terms-3" className={h2Class}>
          3. Deal Purchases
        </h2>
        <p className={textClass}>When you buy a deal on {PRODUCT_NAME}, the following applies:</p>
        <ul className={listClass}>
          <li>
            <strong className="font-semibold text-slate-900">Availability.</strong> All deals are subject to availability. A deal may sell
            out, expire or be withdrawn at any time, and PerkBoost deals can only be bought once they have unlocked.
          </li>
          <li>
            <strong className="font-semibold text-slate-900">Quantity limits.</strong> Merchants or {PRODUCT_NAME} may limit how many units
            of a deal one customer can buy.
          </li>
          <li>
            <strong className="font-semibold text-slate-900">Prices may change.</strong> Deal prices may change at any time before you
            complete your purchase. The price you pay is the one shown at checkout, plus any applicable tax.
          </li>
          <li>
            <strong className="font-semibold text-slate-900">Redemption.</strong> Each purchase comes with a redemption code. Deals must be
            redeemed with the merchant before their expiration date and are subject to the terms and conditions stated on the deal.
          </li>
        </ul>
      </section>

      <section aria-labelledby="terms-4">
        <h2 id="terms-4" className={h2Class}>
          4. Refund Policy
        </h2>
        <p className={textClass}>
          <strong className="font-semibold text-slate-900">All sales are final.</strong> Once a purchase is complete, it is not eligible for
          cancellation or return. Refunds or credits may be granted at {PRODUCT_NAME}'s sole discretion, for example when a merchant is
          unable to honor a deal. Any refund or credit we grant in one case does not oblige us to do the same in another.
        </p>
      </section>

      <section aria-labelledby="terms-5">
        <h2 id="terms-5" className={h2Class}>
          5. Limitation of Liability
        </h2>
        <p className={textClass}>
          The service is provided "as is" and "as available", without warranties of any kind. To the fullest extent permitted by law,{' '}
          {PRODUCT_NAME} and its officers, employees and partners are not liable for any indirect, incidental, special, consequential or
          punitive damages, or for any loss of profits, data or goodwill, arising from your use of the service or from any goods or services
          provided by merchants. Our total liability for any claim relating to the service is limited to the amount you paid to{' '}
          {PRODUCT_NAME} for the deal that gave rise to the claim.
        </p>
      </section>

      <section aria-labelledby="terms-6">
        <h2 id="terms-6" className={h2Class}>
          6. For Buyers
        </h2>
        <p className={textClass}>
          {PRODUCT_NAME} is a marketplace: the goods and services behind each deal are provided by independent merchants, not by{' '}
          {PRODUCT_NAME}. Please keep the following in mind:
        </p>
        <ul className={listClass}>
          <li>
            We make reasonable efforts to verify the merchants on our platform, but we do not guarantee the quality, safety, legality or
            performance of any merchant or of the goods and services they provide.
          </li>
          <li>
            You are responsible for doing your own due diligence before buying a deal, including reading the deal details and, where it
            matters to you, researching the merchant.
          </li>
          <li>
            By buying a deal, you waive any right to bring legal action against {PRODUCT_NAME} relating to a merchant's goods, services or
            conduct, to the fullest extent permitted by law.
          </li>
          <li>
            If you have a problem with a deal, contact the merchant first. Most issues are resolved quickly that way. If the merchant does
            not resolve it, contact us and we will review the situation in line with our refund policy.
          </li>
        </ul>
      </section>

      <section aria-labelledby="terms-7">
        <h2 id="terms-7" className={h2Class}>
          7. Contact Us
        </h2>
        <p className={textClass}>Questions about these Terms? Contact us:</p>
        <SupportAddress />
        <p className={`mt-4 ${textClass}`}>
          Or send us a message through our{' '}
          <Link to={paths.contact} className={linkClass}>
            contact form
          </Link>
          .
        </p>
      </section>
    </div>
  );
}
