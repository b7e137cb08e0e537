import { Link } from 'react-router-dom';
import { LegalPage } from './legal-page';

export default function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy" updated="23 November 2026">
      <p>This page says what Thunderprep keeps about you, why, and how to make it go away.</p>
      <h2>What we keep</h2>
      <p>
        Your e-mail address and password hash to sign you in; the profile you fill in; the problems you track and the reviews you log; the interview experiences
        you share.
      </p>
      <h2>Why</h2>
      <p>Only to run the product for you: to schedule your reviews, show your analytics, and show your shared experiences to other candidates.</p>
      <h2>Who sees it</h2>
      <p>Your problems, reviews and analytics are yours alone. Shared interview experiences are public, without exact dates. We sell nothing to anyone.</p>
      <h2>Deleting your data</h2>
      <p>Deleting your account erases your profile, problems and reviews from every part of the service.</p>
      <h2>Contact</h2>
      <p>
        Questions about your data: use the{' '}
        <Link to="/contact-form" className="text-primary underline underline-offset-4">
          contact form
        </Link>
        .
      </p>
    </LegalPage>
  );
}
