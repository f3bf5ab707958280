import { describe, expect, it } from 'vitest';
import { audienceImportColumns, audienceImportRow } from './audience-import.ts';

describe('audienceImportColumns', () => {
  it('finds the e-mail and name columns of Gumroad, Substack and Mailchimp exports', () => {
    expect(audienceImportColumns(['Purchase Date', 'Item Name', 'Full Name', 'Email', 'Price'])).toMatchObject({ email: 3, name: 2 });
    expect(audienceImportColumns(['email', 'active_subscription', 'expiry', 'plan', 'name'])).toMatchObject({ email: 0, name: 4 });
    expect(audienceImportColumns(['Email Address', 'First Name', 'Last Name', 'MEMBER_RATING'])).toMatchObject({ email: 0, firstName: 1, lastName: 2 });
    expect(audienceImportColumns([' E-mail ', 'Nom'])).toMatchObject({ email: 0, name: 1 });
    expect(audienceImportColumns(['name', 'phone'])).toBeUndefined();
  });

  it('reads an address lowercased and a name from the name column or first and last names', () => {
    expect(audienceImportRow([' Ana@Example.COM ', 'Ana Lopez'], { email: 0, name: 1 })).toEqual({ email: 'ana@example.com', name: 'Ana Lopez' });
    expect(audienceImportRow(['b@example.com', 'Bo', ''], { email: 0, firstName: 1, lastName: 2 })).toEqual({ email: 'b@example.com', name: 'Bo' });
    expect(audienceImportRow(['c@example.com'], { email: 0, name: 3 })).toEqual({ email: 'c@example.com', name: null });
  });
});
