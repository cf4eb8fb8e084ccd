import { DEMO_PUBLISHER, type LegalPublisher } from '@cadran/domain/legal-publisher';
import { createContext, useContext } from 'react';

/**
 * The company the legal pages and the contact page name: the server's seller settings, the
 * ones its invoices print, handed to the page it draws and to the browser with the page's
 * state, as the support address is (lib/support-email.ts). The demo company only serves a page
 * no server drew (the development server).
 */
export const PublisherContext = createContext<LegalPublisher>(DEMO_PUBLISHER);

export const usePublisher = (): LegalPublisher => useContext(PublisherContext);
