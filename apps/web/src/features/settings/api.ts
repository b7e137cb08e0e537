import type { Company, Profile, UpdateProfileInput } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { useAuth } from '../auth/auth-provider';

export function useProfile() {
  const { user } = useAuth();
  return useQuery({ queryKey: ['profile', user?.id], queryFn: () => api<Profile>('/api/profile'), enabled: !!user });
}

export function useCompanies() {
  return useQuery({ queryKey: ['companies'], queryFn: () => api<Company[]>('/api/all-companies') });
}

export function useUpdateProfile() {
  const client = useQueryClient();
  const { user } = useAuth();
  return useMutation({
    mutationFn: (body: UpdateProfileInput) => api<{ data: Profile }>('/api/profile', { method: 'PUT', body }),
    onSuccess: ({ data }) => client.setQueryData(['profile', user?.id], data),
  });
}
