import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { recordVisit } from './features/analytics/visit';
import { AuthProvider } from './features/auth/AuthProvider';
import { queryClient, router } from './router';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('main: index.html has no #root element');

// Counted once per page load; a failure is ignored (SPEC §2).
void recordVisit();

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <AuthProvider>
        <RouterProvider router={router} />
      </AuthProvider>
    </QueryClientProvider>
  </StrictMode>,
);
