import { describe, expect, it } from 'vitest';
import { CATEGORIES, CATEGORY } from '../transactions/categories';
import { categoryFromDescription, categoryFromName } from './categorise';

describe('categoryFromDescription', () => {
  it.each([
    // Income.
    ['ACME CORP PAYROLL PPD ID: 1234567890', CATEGORY.Salary],
    ['DIRECT DEP ACME INC', CATEGORY.Salary],
    ['Gehalt Februar 2024', CATEGORY.Salary],
    ['ANNUAL BONUS ACME', CATEGORY.Bonus],
    ['DIVIDEND VANGUARD TOTAL STOCK', CATEGORY.Investment],
    ['INTEREST EARNED', CATEGORY.Investment],
    ['IRS TREAS 310 TAX REF', CATEGORY.OtherIncome],
    // Fixed expenses.
    ['RENT PAYMENT ONLINE TRANSFER TO SUNSET APARTMENTS', CATEGORY.Rent],
    ['WELLS FARGO HOME MORTGAGE', CATEGORY.Rent],
    ['Miete März Whg. 3 links', CATEGORY.Rent],
    ['PG&E WEB ONLINE', CATEGORY.Utilities],
    ['COMCAST CABLE COMM', CATEGORY.Utilities],
    ['AT&T *PAYMENT', CATEGORY.Utilities],
    ['Stadtwerke München Abschlag Strom', CATEGORY.Utilities],
    ['GEICO *AUTO', CATEGORY.Insurance],
    ['STATE FARM INSURANCE', CATEGORY.Insurance],
    ['NETFLIX.COM 866-579-7172 CA', CATEGORY.Subscriptions],
    ['SPOTIFY USA 877-7781161', CATEGORY.Subscriptions],
    ['APPLE.COM/BILL 866-712-7753 CA', CATEGORY.Subscriptions],
    ['Amazon Prime*2K4LL1', CATEGORY.Subscriptions],
    ['PLANET FITNESS MEMBERSHIP', CATEGORY.Subscriptions],
    ['NAVIENT STUDENT LOAN PMT', CATEGORY.LoanPayments],
    // Everyday spending.
    ['SAFEWAY #1234 SAN FRANCISCO CA', CATEGORY.Groceries],
    ['WHOLEFDS SFC 10234', CATEGORY.Groceries],
    ["TRADER JOE'S #123 OAKLAND CA", CATEGORY.Groceries],
    ['REWE SAGT DANKE. 44512345', CATEGORY.Groceries],
    ['PAIEMENT PAR CARTE CARREFOUR CITY PARIS', CATEGORY.Groceries],
    ['STARBUCKS STORE 05512 SEATTLE WA', CATEGORY.DiningOut],
    ['SQ *BLUE BOTTLE COFFEE', CATEGORY.DiningOut],
    ['TST* JOES DINER', CATEGORY.DiningOut],
    ['Café de Flore', CATEGORY.DiningOut],
    ['UBER *EATS PENDING', CATEGORY.DiningOut],
    ['DOORDASH*CHIPOTLE', CATEGORY.DiningOut],
    ['UBER   *TRIP', CATEGORY.Transportation],
    ['LYFT   *RIDE THU 8PM', CATEGORY.Transportation],
    ['SHELL OIL 57444 OAKLAND CA', CATEGORY.Transportation],
    ['CHEVRON 0203412', CATEGORY.Transportation],
    ['COSTCO GAS #0144', CATEGORY.Transportation],
    ['DELTA AIR LINES ATLANTA', CATEGORY.Travel],
    ['MARRIOTT HOTELS BOSTON', CATEGORY.Travel],
    ['AIRBNB * HMABC123', CATEGORY.Travel],
    ['ENTERPRISE RENT-A-CAR', CATEGORY.Travel],
    ['PAIEMENT PAR CARTE SNCF INTERNET PARIS', CATEGORY.Travel],
    ['AMC THEATRES 1234', CATEGORY.Entertainment],
    ['TICKETMASTER', CATEGORY.Entertainment],
    ['AMAZON MKTPLACE PMTS AMZN.COM/BILL WA', CATEGORY.Shopping],
    ['TARGET 00012345', CATEGORY.Shopping],
    ['CVS/PHARMACY #1234', CATEGORY.Healthcare],
    ['WALGREENS #4321', CATEGORY.Healthcare],
    ['GREAT CLIPS HAIR SALON', CATEGORY.PersonalCare],
    ['SEPHORA 0456', CATEGORY.PersonalCare],
    ['STATE UNIVERSITY TUITION', CATEGORY.Education],
    ['COURSERA.ORG', CATEGORY.Education],
    ['GOFUNDME *HELP JANE', CATEGORY.Gifts],
    ['RED CROSS DONATION', CATEGORY.Gifts],
    // Unsure.
    ['Zelle payment to Jane Doe', CATEGORY.Uncategorized],
    ['ONLINE TRANSFER TO CHK 1234', CATEGORY.Uncategorized],
    ['CHECK 1043', CATEGORY.Uncategorized],
    ['', CATEGORY.Uncategorized],
  ])('%j → %i', (description, code) => {
    expect(categoryFromDescription(description)).toBe(code);
  });

  it.each([
    // Words match whole: 'rent' is not in 'current' or 'parent', 'bar' is not in 'barber'.
    ['CURRENT ACCOUNT FEE', CATEGORY.Uncategorized],
    ['PARENTPAY SCHOOL MEALS', CATEGORY.Education],
    ['PUBLIX SUPER MARKETS', CATEGORY.Groceries],
    ['T-MOBILE AUTOPAY', CATEGORY.Utilities],
  ])('matches whole words: %j → %i', (description, code) => {
    expect(categoryFromDescription(description)).toBe(code);
  });
});

describe('categoryFromName', () => {
  it('knows each of our categories by its label and by its key, in any case', () => {
    for (const c of CATEGORIES) {
      expect(categoryFromName(c.label)).toBe(c.code);
      expect(categoryFromName(c.key.toUpperCase())).toBe(c.code);
    }
  });

  it.each([
    ['Groceries', CATEGORY.Groceries],
    ['grocery', CATEGORY.Groceries],
    ['  Food & Drink ', CATEGORY.DiningOut],
    ['Restaurants', CATEGORY.DiningOut],
    ['Dining', CATEGORY.DiningOut],
    ['Gas', CATEGORY.Transportation],
    ['Auto & Transport', CATEGORY.Transportation],
    ['Bills & Utilities', CATEGORY.Utilities],
    ['Health & Wellness', CATEGORY.Healthcare],
    ['Merchandise', CATEGORY.Shopping],
    ['Gifts & Donations', CATEGORY.Gifts],
    ['Rent/Mortgage', CATEGORY.Rent],
    ['Mortgage', CATEGORY.Rent],
    ['Paycheck', CATEGORY.Salary],
    ['Other', CATEGORY.Uncategorized],
    // Hierarchies and QIF classes.
    ['Food:Groceries', CATEGORY.Groceries],
    ['Housing:Rent', CATEGORY.Rent],
    ['Auto:Fuel', CATEGORY.Transportation],
    ['Salary/Job1', CATEGORY.Salary],
    ['Travel > Hotels', CATEGORY.Travel],
    // Other languages, accents or not.
    ['Lebensmittel', CATEGORY.Groceries],
    ['Santé', CATEGORY.Healthcare],
    ['Versicherungen', CATEGORY.Insurance],
  ])('%j → %i', (name, code) => {
    expect(categoryFromName(name)).toBe(code);
  });

  it.each([[null], [''], ['   '], ['[Savings]'], ['Payment/Credit'], ['Fees & Adjustments'], ['Type 7']])(
    '%j names none of ours',
    (name) => {
      expect(categoryFromName(name)).toBeNull();
    },
  );
});
