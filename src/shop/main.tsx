import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers.js';
import { ShopRouter } from './app/router.js';
import './styles/index.css';

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <ShopRouter />
    </AppProviders>
  </StrictMode>,
);
