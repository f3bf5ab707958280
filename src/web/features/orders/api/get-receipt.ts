import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Receipt } from '#shared/orders-api.ts';
import type { ReceiptBuyerInput } from '#shared/orders-forms.ts';
import { call } from '#web/lib/api.ts';

/** GET /api/receipts/{token}: the paid order as its buyer keeps it, download links signed for this opening. */
export function useReceipt(token: string) {
  return useQuery({
    queryKey: ['receipts', token] as const,
    queryFn: ({ signal }) => call('GET /api/receipts/:token', { params: { token }, signal }),
    retry: false,
    // Its download links last an hour: opened again after that, the page asks for new ones.
    staleTime: 30 * 60 * 1000,
  });
}

/** POST /api/orders/{id}/receipt-link: the payer, just paid, gets the receipt page's address. */
export const receiptLinkOf = (orderId: string) => call('POST /api/orders/:id/receipt-link', { params: { id: orderId } });

export function useReceiptLink() {
  return useMutation({ mutationFn: receiptLinkOf });
}

/** POST /api/receipts/resend: the receipts of an address's purchases, mailed to it (the same answer for any address). */
export function useResendReceipts() {
  return useMutation({ mutationFn: (email: string) => call('POST /api/receipts/resend', { body: { email } }) });
}

/** POST /api/receipts/{token}/library-link: "Add to my library", a sign-in link mailed to the receipt's address. */
export function useLibraryLink(token: string) {
  return useMutation({ mutationFn: () => call('POST /api/receipts/:token/library-link', { params: { token } }) });
}

/** PUT /api/receipts/{token}/buyer: the name and address the PDF receipts print, kept on the order. */
export function useSaveReceiptBuyer(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ReceiptBuyerInput) => call('PUT /api/receipts/:token/buyer', { params: { token }, body }),
    onSuccess: (buyer) => queryClient.setQueryData<Receipt>(['receipts', token], (receipt) => (receipt ? { ...receipt, buyer } : receipt)),
  });
}

/** The PDF receipt of one store's part of the order (token-gated like the page). */
export const storeReceiptPdfPath = (token: string, storeId: string) => `/api/receipts/${encodeURIComponent(token)}/stores/${encodeURIComponent(storeId)}/pdf`;
