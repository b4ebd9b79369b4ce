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
  type DemoValues,
  isEmail,
  isMobile,
  isPhone,
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
