import { useQueryClient } from '@tanstack/react-query';
import type { Order } from '@jinfa/shared/schemas';
// The checkout hook belongs to the orders feature (owner C); it has no index, so the file is imported directly.
import { useCheckout } from '../../orders/index.ts';
import { ACTIVITIES_KEY } from '../api/keys.ts';

/** The one checkout of the orders feature, refreshing the activity queries once an order is paid. */
export function usePayOrder(onPaid?: (order: Order) => void) {
  const queryClient = useQueryClient();
  return useCheckout({
    onPaid: (order) => {
      void queryClient.invalidateQueries({ queryKey: ACTIVITIES_KEY });
      onPaid?.(order);
    },
  });
}
