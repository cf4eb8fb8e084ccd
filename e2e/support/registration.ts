/** What a French buyer types into the registration form, as the API receives it. */
export const registrationBody = (email: string, password: string) => ({
  firstname: 'Camille',
  lastname: 'Martin',
  email,
  company: 'Atelier Martin',
  phone: '+33 6 12 34 56 78',
  address: '12 rue de la Paix',
  postal_code: '75002',
  city: 'Paris',
  country: 'FR',
  password,
});
