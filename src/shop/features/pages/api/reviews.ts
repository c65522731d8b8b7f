import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '../../../../shared/data/client.js';

export interface Review {
  id: string;
  author: string;
  rating: number;
  text: string;
  date: string;
}

export async function fetchReviews(): Promise<Review[]> {
  const { data, error } = await getSupabase().from('reviews').select('id, author, rating, text, date').order('date', { ascending: false });
  if (error) throw error;
  return data as Review[];
}

export const reviewsQuery = queryOptions({ queryKey: ['reviews'], queryFn: fetchReviews, staleTime: 5 * 60_000 });

export const useReviews = () => useQuery(reviewsQuery);
