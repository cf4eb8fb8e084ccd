/** A complete, valid seller identity: production refuses to start without one. */
export const SELLER_ENV = {
  SELLER_NAME: 'Horlogerie Numérique SAS',
  SELLER_LEGAL_FORM: 'SAS',
  SELLER_SHARE_CAPITAL: '25000',
  SELLER_ADDRESS: '8 quai des Célestins',
  SELLER_POSTAL_CODE: '75004',
  SELLER_CITY: 'Paris',
  SELLER_SIREN: '912345675',
  SELLER_RCS_CITY: 'Paris',
  SELLER_VAT_NUMBER: 'FR65912345675',
} as const;

/** A fixed licence-signing key: production refuses to start without one (test use only). */
export const LICENSE_SIGNING_ENV = {
  LICENSE_SIGNING_KEY:
    '{"kty":"OKP","crv":"Ed25519","x":"iuKo-z91hYmM7DHFfdPObcafhTM8hwmx53gIZLJo5f8","d":"qRFkEmKibRhrRYB0bnFlSXg10CvWNWAPv1at-jWNfUs","kid":"test-2026"}',
} as const;
