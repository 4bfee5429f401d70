import { Link } from 'react-router';
import { PRODUCT_NAME } from '@localperks/shared';
import { h2Class, textClass, listClass, linkClass, SupportAddress, LegalHeader } from './page-parts';
import { paths } from '../../../../config/paths';

const h3Class = 'mt-4 mb-1 font-semibold text-slate-900';

export default function PrivacyPage() {
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      <LegalHeader page="privacy" title="Privacy Policy" updated="May 16, 2025" updatedIso="2025-05-16" />

      <section aria-labelledby="privacy-1">
        <h2 id="privacy-1" className={h2Class}>
          1. Introduction
        </h2>
        <p className={textClass}>
          {PRODUCT_NAME} ("{PRODUCT_NAME}", "we", "us" or "our") operates a marketplace where customers discover and buy deals from local
          businesses, and where merchants list their businesses and deals. We respect your privacy. This Privacy Policy explains what
          information we collect when you use our website and services, how we use and share it, how we protect it, and the choices and
          rights you have.
        </p>
        <p className={`mt-4 ${textClass}`}>
          By using {PRODUCT_NAME}, you agree to the collection and use of information as described in this policy. If you do not agree,
          please do not use the service.
        </p>
      </section>

      <section aria-labelledby="privacy-2">
        <h2 id="privacy-2" className={h2Class}>
          2. Information We Collect
        </h2>
        <p className={textClass}>We collect the following kinds of information:</p>

        <h3 className={h3Class}>Personal data</h3>
        <p className={textClass}>
          Information you give us when you create an account, buy a deal, register a business or contact us, such as your name, email
          address, password and, if you choose to add it, your phone number. Merchants also provide business details such as the business
          name, address, category, contact information and description. Your password is stored only in a securely hashed form; we never
          store it in readable form. If you add a passkey, we keep its public key and the name you give it (the private key never leaves
          your device); if you turn on an authenticator app, we keep the secret it shares with us and your recovery codes in hashed form.
        </p>

        <h3 className={h3Class}>Derivative data</h3>
        <p className={textClass}>
          Information our servers collect automatically when you use the service, such as your IP address, browser type, device and
          operating system, the pages and deals you view, your searches, favorites and votes, and the dates and times of your visits.
        </p>

        <h3 className={h3Class}>Financial data</h3>
        <p className={textClass}>
          Payments are processed through a hosted checkout run by a third-party card payment provider. Your full card number and security
          code are entered directly with that provider and never reach or are stored on our servers. We store only the last four digits of
          your card and its expiry date, so that we can show you which card was used and help with questions about a purchase. We also keep
          a record of your purchases, such as the deal, quantity, amount paid and date.
        </p>

        <h3 className={h3Class}>Location data</h3>
        <p className={textClass}>
          We use location data to show you location-based deals. This may be the city and state you choose in the location picker or, if you
          give permission in your browser, your device's approximate location. You can decline or withdraw location permission at any time
          in your browser settings and choose a city manually instead.
        </p>
      </section>

      <section aria-labelledby="privacy-3">
        <h2 id="privacy-3" className={h2Class}>
          3. How We Use Your Information
        </h2>
        <p className={textClass}>We use the information we collect to:</p>
        <ul className={listClass}>
          <li>create and manage your account, and verify your email address;</li>
          <li>process your purchases and provide redemption codes for the deals you buy;</li>
          <li>show you location-based deals and relevant categories;</li>
          <li>remember your cart, favorites and PerkBoost votes, and tell you when a deal you voted for unlocks;</li>
          <li>review merchant registrations, manage merchant plans and calculate merchant payouts;</li>
          <li>send service messages such as purchase confirmations, password resets and replies to support requests;</li>
          <li>respond to your questions, feedback and support tickets;</li>
          <li>monitor and improve the service, and understand how it is used;</li>
          <li>detect, prevent and address fraud, abuse, security incidents and technical problems; and</li>
          <li>comply with our legal obligations and enforce our terms.</li>
        </ul>
      </section>

      <section aria-labelledby="privacy-4">
        <h2 id="privacy-4" className={h2Class}>
          4. Sharing Your Information
        </h2>
        <p className={textClass}>
          <strong className="font-semibold text-slate-900">We never sell your personal information.</strong> We share information only in
          the following circumstances:
        </p>
        <ul className={listClass}>
          <li>
            <strong className="font-semibold text-slate-900">Payment processors.</strong> When you make a purchase, we share the information
            needed to complete the payment with our card payment provider.
          </li>
          <li>
            <strong className="font-semibold text-slate-900">As required by law.</strong> We may disclose information when we believe in
            good faith that it is required to comply with a law, regulation, legal process or government request, or to protect the rights,
            property or safety of {PRODUCT_NAME}, our users or others.
          </li>
        </ul>
        <p className={`mt-4 ${textClass}`}>
          When you buy a deal, the merchant offering it can see the purchase details needed to honor it, such as the redemption code.
          Merchants may use this information only to provide the deal and related customer service.
        </p>
      </section>

      <section aria-labelledby="privacy-5">
        <h2 id="privacy-5" className={h2Class}>
          5. Security
        </h2>
        <p className={textClass}>
          We use administrative, technical and physical safeguards to protect your information, including encrypted connections, hashed
          passwords and access controls that limit who can see your data. Card payments are handled by our payment provider, so your full
          card number is never stored by us. However, no method of transmission over the internet or of electronic storage is completely
          secure, and we cannot guarantee absolute security. Please use a strong, unique password and keep it confidential, and add a
          passkey or an authenticator app from the Security tab of your account page, so that a password alone is not enough to sign in.
        </p>
      </section>

      <section aria-labelledby="privacy-6">
        <h2 id="privacy-6" className={h2Class}>
          6. Your Rights
        </h2>
        <p className={textClass}>
          You are in control of your information. From the Privacy and Security tabs of your account page you can:
        </p>
        <ul className={listClass}>
          <li>
            <strong className="font-semibold text-slate-900">Download your data</strong>: we prepare a ZIP file with a JSON and a CSV file
            for each kind of data we hold about you (your profile, orders, vouchers with their codes, refunds, favorites, votes, messages,
            support tickets, consents and sign-in history; for businesses also deals, sales, payouts and statements). We email you when it
            is ready; the download link works for 7 days. It holds your own records only.
          </li>
          <li>
            <strong className="font-semibold text-slate-900">Correct</strong> information that is inaccurate or incomplete, which you can do
            for most details on your account page. Changing your email address takes effect only once you confirm it from the new address,
            and your previous address can undo the change for 7 days.
          </li>
          <li>
            <strong className="font-semibold text-slate-900">See and end your sessions</strong>: the devices and browsers signed in to your
            account, when they were first and last used and from which address (or city), and sign any of them out.
          </li>
          <li>
            <strong className="font-semibold text-slate-900">Delete your account</strong>, after entering your password and typing DELETE.
            Every session is signed out; your name, email address, phone number, saved cards, favorites, notifications, sign-in history,
            passkeys and authenticator app are removed, and your messages and support tickets lose your name and address. Unused vouchers
            are forfeited: we list them first, and where the Merchant Refund Policy allows you can ask for a refund before deleting. What
            the law and bookkeeping require (orders with their billing details, payments, refunds, payouts and accounting records) is kept,
            tied to an anonymous id instead of your identity, and the amounts do not change. A business with payouts not yet paid, refund
            requests waiting for an answer, open payment disputes or paid vouchers customers can still redeem is told what stands in the
            way, and can delete once they are settled.
          </li>
        </ul>
        <p className={`mt-4 ${textClass}`}>
          If you cannot sign in, contact us using the details in the Contact Us section below: once we have verified that the request comes
          from the account&apos;s owner, our team can delete the account for you in the same way, and the deletion is recorded in our audit
          trail.
        </p>
      </section>

      <section aria-labelledby="privacy-7">
        <h2 id="privacy-7" className={h2Class}>
          7. Cookies
        </h2>
        <p className={textClass}>
          We use cookies and similar browser storage technologies to run the service. A session cookie keeps you signed in securely, and
          browser storage remembers things like your cart, favorites, votes and chosen location between visits. You can block or delete
          cookies through your browser settings, but some features, such as signing in and keeping a cart, will not work without them.
        </p>
      </section>

      <section aria-labelledby="privacy-8">
        <h2 id="privacy-8" className={h2Class}>
          8. Third-Party Links
        </h2>
        <p className={textClass}>
          The service may contain links to third-party websites and services, such as a merchant's own website or our payment provider's
          hosted checkout. We are not responsible for the content or privacy practices of those third parties. We encourage you to read the
          privacy policy of any website you visit before sharing information with it.
        </p>
      </section>

      <section aria-labelledby="privacy-9">
        <h2 id="privacy-9" className={h2Class}>
          9. Children Under 13
        </h2>
        <p className={textClass}>
          {PRODUCT_NAME} is not intended for children under 13 years of age, and children under 13 are not intended users of the service. We
          do not knowingly collect personal information from children under 13. If you believe a child under 13 has provided us with
          personal information, please contact us and we will delete it.
        </p>
      </section>

      <section aria-labelledby="privacy-10">
        <h2 id="privacy-10" className={h2Class}>
          10. Policy Updates
        </h2>
        <p className={textClass}>
          We may update this Privacy Policy from time to time. When we do, we will change the "Last updated" date at the top of this page
          and, for significant changes, we may also notify you by email or through the service. Your continued use of {PRODUCT_NAME} after
          an update means you accept the revised policy.
        </p>
      </section>

      <section aria-labelledby="privacy-11">
        <h2 id="privacy-11" className={h2Class}>
          11. Contact Us
        </h2>
        <p className={textClass}>If you have questions or requests about this Privacy Policy, contact us:</p>
        <SupportAddress />
        <p className={`mt-4 ${textClass}`}>
          You can also reach us through our{' '}
          <Link to={paths.contact} className={linkClass}>
            contact form
          </Link>
          .
        </p>
      </section>
    </div>
  );
}
