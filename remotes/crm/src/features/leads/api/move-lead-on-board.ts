import { useMutation, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { Lead, PipelineStage } from '@app/shared/forms';
import { tenantKey } from '../../../lib/query-keys';
import { columnStageOf, withLeadOnTop, withoutLead } from '../utils/board-cache';
import { changeLeadStage } from './change-lead-stage';
import { leadBoardKey, type BoardColumnData } from './get-lead-board-column';

export interface MoveLeadVariables {
  lead: Lead;
  stage: Pick<PipelineStage, 'id' | 'name' | 'color'>;
  /** Asked when the column is a lost stage. */
  lostReason?: string;
}

/**
 * A card dropped on another column: the same request as the stage picker. The card moves in
 * every cached column at once and goes back where it was if the server refuses.
 */
export function useMoveLeadOnBoard(tenantId: string) {
  const queryClient = useQueryClient();
  const boardKey = leadBoardKey(tenantId);
  return useMutation({
    mutationFn: ({ lead, stage, lostReason }: MoveLeadVariables) =>
      changeLeadStage({ lead_id: lead.id, pipeline_stage_id: stage.id, lost_reason: lostReason || null }),
    onMutate: async ({ lead, stage }) => {
      await queryClient.cancelQueries({ queryKey: boardKey });
      const previous: [QueryKey, BoardColumnData | undefined][] = queryClient.getQueriesData<BoardColumnData>({ queryKey: boardKey });
      const moved: Lead = { ...lead, pipeline_stage_id: stage.id, pipeline_stage_name: stage.name, pipeline_stage_color: stage.color };
      for (const [key, data] of previous) {
        if (!data) continue;
        queryClient.setQueryData<BoardColumnData>(key, columnStageOf(key) === stage.id ? withLeadOnTop(data, moved) : withoutLead(data, lead.id));
      }
      return { previous };
    },
    onError: (_error, _variables, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSuccess: (lead) => {
      for (const [key, data] of queryClient.getQueriesData<BoardColumnData>({ queryKey: boardKey }))
        if (data && columnStageOf(key) === lead.pipeline_stage_id) queryClient.setQueryData<BoardColumnData>(key, withLeadOnTop(data, lead));
    },
    onSettled: (_lead, _error, { lead }) => {
      void queryClient.invalidateQueries({ queryKey: boardKey });
      void queryClient.invalidateQueries({ queryKey: tenantKey(tenantId, 'pipeline-summary') });
      void queryClient.invalidateQueries({ queryKey: tenantKey(tenantId, 'leads') });
      void queryClient.invalidateQueries({ queryKey: [...tenantKey(tenantId, 'lead-activities'), lead.id] });
    },
  });
}
