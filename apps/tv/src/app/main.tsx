import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { startSpatialNavigation } from '../lib/spatial';
import { AppProviders } from './providers';
import { createRouter } from './router';
import './styles.css';

startSpatialNavigation();
const router = createRouter();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  </StrictMode>,
);
