import './legacy-engine';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { initI18n } from '@marquee/i18n';
import { startSpatialNavigation } from '../lib/spatial';
import { resources } from './locales';
import { AppProviders } from './providers';
import { createRouter } from './router';
import './styles.css';

initI18n(resources);
startSpatialNavigation();
const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
