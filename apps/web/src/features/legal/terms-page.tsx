import { Link } from 'react-router-dom';
import { LegalPage } from './legal-page';

export default function TermsPage() {
  return (
    <LegalPage title="Terms of Service" updated="23 November 2026">
      <p>These terms apply when you use Thunderprep to prepare for interviews. By creating an account you accept them.</p>
      <h2>Your account</h2>
      <p>Keep your password to yourself. You are responsible for what is done with your account. You can delete it at any time; your data goes with it.</p>
      <h2>What you share</h2>
      <p>
        Interview experiences you submit are shown to other candidates without your exact round dates. Share only what you are allowed to share: no questions
        you agreed to keep confidential, no personal data of interviewers.
      </p>
      <h2>Fair use</h2>
      <p>Do not try to break, overload or scrape the service, or use it to harass anyone. We may suspend accounts that do.</p>
      <h2>No guarantee</h2>
      <p>Thunderprep helps you practise; it cannot promise an offer. The service is provided as it is, and may change.</p>
      <h2>Questions</h2>
      <p>
        Write to us through the{' '}
        <Link to="/contact-form" className="text-primary underline underline-offset-4">
          contact form
        </Link>
        .
      </p>
    </LegalPage>
  );
}
