import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router-dom';
import { configureSupabase } from '../shared/data/client.js';
import { AppProviders } from './app/providers.js';
import { router } from './app/router.js';
import { watchSession } from './app/auth/session.js';
import { useLanguage } from './i18n/index.js';
import { installSoundUnlock } from './lib/sound/notification-sound.js';
import './styles.css';

configureSupabase({ app: 'admin' });
watchSession();
installSoundUnlock();
document.documentElement.lang = useLanguage.getState().language;
useLanguage.subscribe((s) => (document.documentElement.lang = s.language));

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
