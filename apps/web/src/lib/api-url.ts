const API_BASE_URL: string = (import.meta.env.VITE_API_BASE_URL as string | undefined) ?? '';

/** The address of an API path (the API may live on another origin in development). */
export const apiUrl = (path: string): string =>
  /^https?:\/\//.test(path) ? path : `${API_BASE_URL}${path}`;
