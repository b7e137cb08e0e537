import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startAtLogin } from './app/router';
import { startProductAnalytics } from './lib/product-analytics';
import './index.css';

const root = createRoot(document.getElementById('root')!);
const render = () =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
// The pre-rendered login page (index.html) stays until the app's first render replaces it.
if (document.documentElement.getAttribute('data-start') === 'login') void startAtLogin().then(render, render);
else render();

void startProductAnalytics();
