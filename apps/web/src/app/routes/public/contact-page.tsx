import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { Clock, Mail, MapPin, Phone } from 'lucide-react';
import { PUBLIC_PAGES, BUSINESS_HOURS, SUPPORT_CONTACT, contactSchema, type Contact } from '@localperks/shared';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card';
import { Field, Input, Textarea } from '../../../components/ui/input';
import { useSession } from '../../../lib/session';
import { ApiError, api, errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';

/** /contact: the form opens a support ticket that admins answer. */
export default function ContactPage() {
  const { user } = useSession();
  const [ticket, setTicket] = useState<string | null>(null);
  const form = useForm<Contact>({
    resolver: zodResolver(contactSchema),
    values: { name: user?.name ?? '', email: user?.email ?? '', subject: '', message: '' },
    // The session arrives after the page: it fills in what the reader has not typed, and keeps what they have.
    resetOptions: { keepDirtyValues: true },
  });
  const send = useMutation({ mutationFn: (v: Contact) => api.post('/api/support/tickets', { body: v }) });
  const { errors } = form.formState;

  const onSubmit = (v: Contact) =>
    send.mutate(v, {
      onSuccess: ({ ticket: t }) => {
        toast.success('Message sent', { description: 'We will get back to you within one business day.' });
        setTicket(t.id.slice(0, 8).toUpperCase());
        form.reset({ name: v.name, email: v.email, subject: '', message: '' });
      },
      onError: (e) => {
        if (e instanceof ApiError && e.fields)
          for (const [k, m] of Object.entries(e.fields)) form.setError(k as keyof Contact, { message: m });
        toast.error('Message not sent', { description: errorMessage(e, 'Please try again.') });
      },
    });

  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <title>{PUBLIC_PAGES.contact.head().title}</title>
      <h1 className="text-3xl font-bold text-slate-900">Contact Us</h1>
      <p className="mt-2 text-slate-700">Questions about a deal, your account or listing your business? We are here to help.</p>
      <div className="mt-8 grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2">
          <CardHeader>
            <CardTitle>Send us a message</CardTitle>
          </CardHeader>
          <CardContent>
            {ticket && (
              <Alert variant="success" className="mb-4" title="Thanks, your message was received.">
                Your ticket number is {ticket}. We have emailed you a copy.
              </Alert>
            )}
            <form noValidate onSubmit={form.handleSubmit(onSubmit)} className="space-y-4" aria-label="Contact form">
              <div className="grid gap-4 sm:grid-cols-2">
                <Field label="Name" error={errors.name?.message}>
                  {(p) => <Input {...p} {...form.register('name')} autoComplete="name" />}
                </Field>
                <Field label="Email" error={errors.email?.message}>
                  {(p) => <Input {...p} {...form.register('email')} type="email" autoComplete="email" />}
                </Field>
              </div>
              <Field label="Subject" error={errors.subject?.message}>
                {(p) => <Input {...p} {...form.register('subject')} />}
              </Field>
              <Field label="Message" error={errors.message?.message}>
                {(p) => <Textarea {...p} {...form.register('message')} rows={5} />}
              </Field>
              <Button type="submit" disabled={send.isPending}>
                {send.isPending ? 'Sending...' : 'Send Message'}
              </Button>
            </form>
          </CardContent>
        </Card>
        <div className="space-y-4">
          <Card>
            <CardContent className="space-y-3 pt-6 text-sm text-slate-800">
              <p className="flex items-start gap-2">
                <Mail aria-hidden className="mt-0.5 h-4 w-4 text-brand-700" />
                <a href={`mailto:${SUPPORT_CONTACT.email}`} className="text-brand-800 underline">
                  {SUPPORT_CONTACT.email}
                </a>
              </p>
              <p className="flex items-start gap-2">
                <Phone aria-hidden className="mt-0.5 h-4 w-4 text-brand-700" />
                {SUPPORT_CONTACT.phone}
              </p>
              <p className="flex items-start gap-2">
                <MapPin aria-hidden className="mt-0.5 h-4 w-4 text-brand-700" />
                {SUPPORT_CONTACT.address}
              </p>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle className="flex items-center gap-2 text-base">
                <Clock aria-hidden className="h-4 w-4 text-brand-700" /> Business Hours
              </CardTitle>
            </CardHeader>
            <CardContent>
              <dl className="space-y-1 text-sm text-slate-800">
                {BUSINESS_HOURS.map((h) => (
                  <div key={h.days} className="flex justify-between gap-4">
                    <dt className="font-medium">{h.days}</dt>
                    <dd>{h.hours === 'closed' ? 'Closed' : h.hours}</dd>
                  </div>
                ))}
              </dl>
            </CardContent>
          </Card>
        </div>
      </div>
    </div>
  );
}
