import { FORM_DEFINITIONS, FORMS, type FormName, sentFields } from './definitions/index.ts';
import {
  API_PATHS,
  type ApplicationValues,
  type ContactValues,
  CV_MAX_BYTES,
  checkApplication,
  checkBrochure,
  checkContact,
  checkCvFile,
  checkDemo,
  checkForm,
  type DemoValues,
  isEmail,
  isMobile,
  isPhone,
  overDefinedLimit,
  responses,
  sanitizeMobileInput,
} from './rules.ts';

const demo: DemoValues = {
  name: 'Asha Rao',
  phone: '9876543210',
  email: 'asha@example.com',
  serviceType: 'Telematics',
  query: 'Please call me about bus tracking.',
};
const cv = { name: 'cv.pdf', size: 1000 };
const application: ApplicationValues = {
  fullName: 'Asha Rao',
  email: 'asha@example.com',
  phone: '9876543210',
  coverLetter: 'I would like to apply.',
  cv,
};
const contact: ContactValues = {
  name: 'Asha',
  email: 'asha@example.com',
  mobileNumber: '9876543210',
  message: 'Please call me back.',
};

describe('patterns', () => {
  it.each([
    ['a@b.co', true],
    ['first.last@sub.example.in', true],
    ['a b@c.com', false],
    ['a@b', false],
    ['@b.com', false],
    ['', false],
  ])('isEmail(%j) is %s', (v, ok) => expect(isEmail(v)).toBe(ok));

  it.each([
    ['1234567', true],
    ['123456789012345', true],
    ['123456', false],
    ['1234567890123456', false],
    ['+911234567', false],
    ['98765 43210', false],
  ])('isPhone(%j) is %s', (v, ok) => expect(isPhone(v)).toBe(ok));

  it.each([
    ['9876543210', true],
    ['6000000000', true],
    ['5876543210', false],
    ['987654321', false],
    ['98765432101', false],
  ])('isMobile(%j) is %s', (v, ok) => expect(isMobile(v)).toBe(ok));

  it('strips non-digits from the mobile input and keeps at most 10', () => {
    expect(sanitizeMobileInput('+91 98-76a5')).toBe('9198765');
    expect(sanitizeMobileInput('98765432101234')).toBe('9876543210');
  });
});

describe('demo rules, in order', () => {
  it('accepts a complete request', () => expect(checkDemo(demo)).toBeNull());

  it.each(['name', 'phone', 'email', 'serviceType', 'query'] as const)('1. empty %s: Missing Fields', (f) => {
    expect(checkDemo({ ...demo, [f]: '  ' })).toMatchObject({
      title: 'Missing Fields',
      message: 'Please fill out all required fields.',
      icon: 'warning',
      field: f,
    });
  });

  it('2. email', () => {
    expect(checkDemo({ ...demo, email: 'asha@example' })).toMatchObject({
      title: 'Invalid Email',
      message: 'Please enter a valid email address.',
      icon: 'error',
    });
  });

  it('3. phone not 7 to 15 digits', () => {
    for (const phone of ['123456', '1234567890123456', '98765-43210'])
      expect(checkDemo({ ...demo, phone })).toMatchObject({
        title: 'Invalid Phone',
        message: 'Phone number must be 7–15 digits.',
        icon: 'error',
      });
  });

  it('4. query over 300 characters (300 is fine)', () => {
    expect(checkDemo({ ...demo, query: 'q'.repeat(300) })).toBeNull();
    expect(checkDemo({ ...demo, query: 'q'.repeat(301) })).toMatchObject({
      title: 'Too Long',
      message: 'Query exceeds 300 characters.',
      icon: 'error',
    });
  });

  it('reports only the first failure', () => {
    expect(checkDemo({ ...demo, name: '', email: 'bad' })?.title).toBe('Missing Fields');
    expect(checkDemo({ ...demo, email: 'bad', phone: '12' })?.title).toBe('Invalid Email');
    expect(checkDemo({ ...demo, phone: '12', query: 'q'.repeat(301) })?.title).toBe('Invalid Phone');
  });
});

describe('brochure rule', () => {
  it.each(['', '   ', 'not-an-email', 'a@b'])('%j: Warning', (email) => {
    expect(checkBrochure({ email })).toMatchObject({
      title: 'Warning',
      message: 'Please enter a valid email address.',
      icon: 'warning',
    });
  });
  it('accepts an email', () => expect(checkBrochure({ email: 'a@b.in' })).toBeNull());
});

describe('application rules, in order', () => {
  it('accepts a complete application', () => expect(checkApplication(application)).toBeNull());

  it.each(['fullName', 'email', 'phone', 'coverLetter'] as const)(
    'empty %s: All fields are required',
    (f) => {
      expect(checkApplication({ ...application, [f]: '' })).toMatchObject({
        title: 'Warning',
        message: 'All fields are required',
      });
    },
  );

  it('no CV: All fields are required', () => {
    expect(checkApplication({ ...application, cv: null })).toMatchObject({
      title: 'Warning',
      message: 'All fields are required',
      field: 'cv',
    });
  });

  it('email, then phone', () => {
    expect(checkApplication({ ...application, email: 'x@y', phone: '1' })?.message).toBe(
      'Invalid email address',
    );
    expect(checkApplication({ ...application, phone: '123456' })?.message).toBe('Invalid phone number');
  });

  it('CV type and size', () => {
    expect(checkCvFile({ name: 'cv.PDF', size: 10 })).toBeNull();
    expect(checkCvFile({ name: 'cv.docx', size: CV_MAX_BYTES })).toBeNull();
    expect(checkCvFile({ name: 'cv.doc', size: 10 })).toBeNull();
    expect(checkCvFile({ name: 'cv.png', size: 10 })?.message).toBe('Only PDF/DOC/DOCX files are allowed');
    expect(checkCvFile({ name: 'pdf', size: 10 })?.message).toBe('Only PDF/DOC/DOCX files are allowed');
    expect(checkCvFile({ name: 'cv.pdf', size: 5 * 1024 * 1024 + 1 })?.message).toBe('File size exceeds 5MB');
  });
});

describe('contact rules, in order, after trimming', () => {
  it('accepts a complete message', () => expect(checkContact(contact)).toBeNull());

  it.each(['name', 'email', 'mobileNumber', 'message'] as const)('1. blank %s: Missing Fields', (f) => {
    expect(checkContact({ ...contact, [f]: '   ' })).toMatchObject({
      title: 'Missing Fields',
      message: 'Please fill out all required fields.',
    });
  });

  it('2. name shorter than 2', () => {
    expect(checkContact({ ...contact, name: ' A ' })).toMatchObject({
      title: 'Invalid Name',
      message: 'Name must be at least 2 characters.',
    });
  });

  it('3. email', () => {
    expect(checkContact({ ...contact, email: 'a@b' })).toMatchObject({
      title: 'Invalid Email',
      message: 'Please enter a valid email address.',
    });
  });

  it('4. mobile', () => {
    for (const mobileNumber of ['5876543210', '987654321'])
      expect(checkContact({ ...contact, mobileNumber })).toMatchObject({
        title: 'Invalid Mobile Number',
        message: 'Please enter a valid 10-digit mobile number starting with 6–9.',
      });
  });

  it('5. message shorter than 10 after trimming', () => {
    expect(checkContact({ ...contact, message: '  123456789  ' })).toMatchObject({
      title: 'Too Short',
      message: 'Message must be at least 10 characters long.',
    });
  });

  it('6. message over 1000 (1000 is fine)', () => {
    expect(checkContact({ ...contact, message: 'm'.repeat(1000) })).toBeNull();
    expect(checkContact({ ...contact, message: 'm'.repeat(1001) })).toMatchObject({
      title: 'Too Long',
      message: 'Message is too long (max 1000 characters).',
    });
  });

  it('reports only the first failure', () => {
    expect(checkContact({ ...contact, name: 'A', email: 'bad' })?.title).toBe('Invalid Name');
    expect(checkContact({ ...contact, email: 'bad', mobileNumber: '1' })?.title).toBe('Invalid Email');
    expect(checkContact({ ...contact, mobileNumber: '1', message: 'short' })?.title).toBe(
      'Invalid Mobile Number',
    );
  });
});

describe('length caps (only a request bypassing the browser can exceed them)', () => {
  const at = (n: number) => 'a'.repeat(n);
  /** An email of exactly `n` characters. */
  const emailOf = (n: number) => `${at(n - '@example.com'.length)}@example.com`;

  it('has one cap per free-text field, written in its definition', () => {
    const caps = Object.fromEntries(
      FORMS.flatMap((form) => sentFields(FORM_DEFINITIONS[form])).map((f) => [f.key, f.maxLength]),
    );
    expect(caps).toEqual({
      name: 100,
      fullName: 100,
      email: 254,
      phone: 20,
      position: 200,
      coverLetter: 5000,
      // The specification's own limits, with their own messages.
      query: 300,
      mobileNumber: 10,
      message: 1000,
      // A choice from a list: its limit is the list.
      serviceType: undefined,
    });
  });

  it('demo: name, phone and email, checked before the email pattern', () => {
    expect(checkDemo({ ...demo, name: at(100), email: emailOf(254) })).toBeNull();
    expect(checkDemo({ ...demo, name: at(101) })).toEqual({
      title: 'Too Long',
      message: 'Name is too long (max 100 characters).',
      icon: 'error',
      field: 'name',
    });
    expect(checkDemo({ ...demo, email: emailOf(255) })).toMatchObject({
      message: 'Email address is too long (max 254 characters).',
      field: 'email',
    });
    // A long phone is refused for its length, not as "Invalid Phone", and before the email pattern.
    expect(checkDemo({ ...demo, email: 'bad', phone: '9'.repeat(21) })).toMatchObject({
      message: 'Phone number is too long (max 20 characters).',
      field: 'phone',
    });
    // Still after "Missing Fields".
    expect(checkDemo({ ...demo, serviceType: '', name: at(101) })?.title).toBe('Missing Fields');
  });

  it('brochure: email, as a Warning', () => {
    expect(checkBrochure({ email: emailOf(254) })).toBeNull();
    expect(checkBrochure({ email: emailOf(255) })).toEqual({
      title: 'Warning',
      message: 'Email address is too long (max 254 characters).',
      icon: 'warning',
      field: 'email',
    });
  });

  it('application: full name, email, phone, cover letter and position, as Warnings', () => {
    const ok = { ...application, fullName: at(100), coverLetter: at(5000), position: at(200) };
    expect(checkApplication(ok)).toBeNull();
    // Checked before the email pattern: an invalid email does not win over the length rule.
    for (const [field, value, message] of [
      ['fullName', at(101), 'Full name is too long (max 100 characters).'],
      ['email', emailOf(255), 'Email address is too long (max 254 characters).'],
      ['phone', '9'.repeat(21), 'Phone number is too long (max 20 characters).'],
      ['coverLetter', at(5001), 'Cover letter is too long (max 5000 characters).'],
      ['position', at(201), 'Position is too long (max 200 characters).'],
    ] as const)
      expect(checkApplication({ ...application, email: 'bad', [field]: value }), field).toEqual({
        title: 'Warning',
        message,
        icon: 'warning',
        field,
      });
  });

  it('counts a line break sent as CR LF (multipart) as one character, as the browser did', () => {
    const letter = `${at(2499)}\r\n${at(2500)}`; // 5000 in the browser, 5001 on the wire
    expect(checkApplication({ ...application, coverLetter: letter })).toBeNull();
    expect(checkApplication({ ...application, coverLetter: `${letter}a` })?.message).toBe(
      'Cover letter is too long (max 5000 characters).',
    );
  });

  it('contact: name and email, after trimming, before the name and email rules', () => {
    expect(checkContact({ ...contact, name: ` ${at(100)} ` })).toBeNull();
    expect(checkContact({ ...contact, name: at(101), email: 'bad' })).toEqual({
      title: 'Too Long',
      message: 'Name is too long (max 100 characters).',
      icon: 'error',
      field: 'name',
    });
    expect(checkContact({ ...contact, email: emailOf(255) })?.message).toBe(
      'Email address is too long (max 254 characters).',
    );
  });

  it('keeps the email check fast on hostile input', () => {
    // The pattern backtracks quadratically on this (about 0.15 s for each check without the caps).
    const hostile = `a@${'.'.repeat(15_000)}@`;
    const started = performance.now();
    expect(isEmail(hostile)).toBe(false);
    expect(checkContact({ ...contact, email: hostile })?.field).toBe('email');
    expect(checkDemo({ ...demo, email: hostile })?.field).toBe('email');
    expect(checkBrochure({ email: hostile })?.field).toBe('email');
    expect(checkApplication({ ...application, email: hostile })?.field).toBe('email');
    expect(performance.now() - started).toBeLessThan(100);
  });
});

describe('answers', () => {
  it('uses the specification’s words', () => {
    expect(responses).toMatchObject({
      demoSuccess: { title: 'Success', message: 'Demo request sent successfully!', icon: 'success' },
      demoFailure: { title: 'Error!', message: 'Something went wrong.', icon: 'error' },
      brochureSuccess: { title: 'Success', message: 'Thanks! We’ll reach out with the brochure shortly.' },
      brochureFailure: { title: 'Error', message: 'Something went wrong. Please try again later.' },
      brochureNetwork: { title: 'Error', message: 'Unable to send request. Try again later.' },
      applicationSuccess: { message: 'Application submitted successfully!', icon: 'success' },
      applicationFailure: { title: 'Error', message: 'Something went wrong', icon: 'error' },
      contactSuccess: { title: 'Sent!', message: "Thanks! We'll get back soon.", icon: 'success' },
      contactFailure: { title: 'Error', message: 'Something went wrong. Try later.' },
      contactNetwork: { title: 'Error', message: 'Unable to send your message.' },
    });
    expect(API_PATHS).toEqual({
      demo: '/api/contact-demo',
      brochure: '/api/brochure-request',
      application: '/api/apply-position',
      contact: '/api/contact',
    });
  });
});

describe('a field’s staff label and limit, written once in its definition (issue 33)', () => {
  const { cv: _file, ...applicationText } = application;
  const valid: Record<FormName, Record<string, string>> = {
    demo: { ...demo },
    brochure: { email: 'asha@example.com' },
    application: { ...applicationText, position: 'App Developer' },
    contact: { ...contact },
  };
  /** Fields whose limit the specification checks with a message of its own. */
  const ownMessage: Partial<Record<FormName, string[]>> = {
    demo: ['query'],
    contact: ['mobileNumber', 'message'],
  };

  it('names a field too long by its staff label, with its definition’s limit, in every form', () => {
    let checked = 0;
    for (const form of FORMS)
      for (const field of sentFields(FORM_DEFINITIONS[form])) {
        if (field.maxLength === undefined || ownMessage[form]?.includes(field.key)) continue;
        const values = { ...valid[form], [field.key]: 'a'.repeat(field.maxLength + 1) };
        expect(checkForm(form, values, cv)?.message, `${form}.${field.key}`).toBe(
          `${field.label} is too long (max ${field.maxLength} characters).`,
        );
        checked++;
      }
    expect(checked).toBe(11);
  });
});

describe('a limit only the definition states (a field added without a rule of its own)', () => {
  const company = [{ key: 'company', label: 'Company', maxLength: 5, input: 'text', inbox: {} }] as const;

  it('refuses a longer value, in the words of the field’s staff label', () => {
    expect(overDefinedLimit(company, { company: ' 12345 ' })).toBeNull();
    expect(overDefinedLimit(company, {})).toBeNull();
    expect(overDefinedLimit(company, { company: '123456' })).toEqual({
      title: 'Too Long',
      icon: 'error',
      message: 'Company is too long (max 5 characters).',
      field: 'company',
    });
  });

  it('comes after the form’s own rules, which already hold today’s fields to their limits', () => {
    expect(checkForm('demo', { ...demo }, null)).toBeNull();
    expect(checkForm('contact', { ...contact, mobileNumber: ' 9876543210 ' }, null)).toBeNull();
    expect(checkForm('contact', { ...contact, message: ` ${'m'.repeat(1000)} ` }, null)).toBeNull();
    expect(checkForm('demo', { ...demo, query: 'q'.repeat(301) }, null)?.message).toBe(
      'Query exceeds 300 characters.',
    );
    expect(checkForm('application', { ...application, cv: '' }, cv)).toBeNull();
  });
});
