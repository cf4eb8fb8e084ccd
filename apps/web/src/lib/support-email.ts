import { SUPPORT_EMAIL } from '@cadran/domain/constants';
import { createContext, useContext } from 'react';

/**
 * The support address the pages show: the server's SUPPORT_EMAIL setting, the one its e-mails
 * and invoices give, handed to the page it draws and to the browser with the page's state, so
 * a buyer reads one address everywhere. The built-in default only serves a page no server drew
 * (the development server).
 */
export const SupportEmailContext = createContext<string>(SUPPORT_EMAIL);

export const useSupportEmail = (): string => useContext(SupportEmailContext);
