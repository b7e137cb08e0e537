import { Route, Routes } from 'react-router-dom';
import AttemptPage from './attempt-page';
import PromptPage from './prompt-page';
import PromptsPage from './prompts-page';

/** The prompts, one prompt with its attempts, and an attempt (practice, then review); the canvas loads lazily inside the attempt. */
export default function SystemDesignPages() {
  return (
    <Routes>
      <Route index element={<PromptsPage />} />
      <Route path=":slug" element={<PromptPage />} />
      <Route path="attempts/:id" element={<AttemptPage />} />
    </Routes>
  );
}
