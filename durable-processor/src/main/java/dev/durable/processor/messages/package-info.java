/**
 * Every diagnostic the processor reports, and the error catalogue: one enum per area of the rules
 * ({@link dev.durable.processor.messages.WorkflowMessages}, {@code RunMessages}, {@code
 * StepMessages}, {@code TypeMessages}, {@code ContractMessages}, {@code RouteMessages}, {@code
 * ScheduleMessages}, {@code LintMessages}, {@code SignalMessages}, {@code LockMessages}, {@code
 * ProcessorMessages}), as MapStruct keeps its diagnostics. Each constant holds a stable tag, what
 * the rule catches and the text: one sentence that says what is wrong, the value seen and what to
 * do. All message texts live here.
 *
 * <p>Rules make a {@link dev.durable.processor.messages.Message} through the typed factory of its
 * constant ({@code StepMessages.stepRetries(int)} for {@code STEP_RETRIES}), never by filling in a
 * text themselves. Method signatures are written like {@code charge(Order)}, classes relative to
 * their package ({@code Outer.Inner}), stored types with their qualified names and type arguments.
 * {@link dev.durable.processor.messages.Catalogue} lists every entry in the order of the error
 * catalogue, {@code docs/reference/errors.md}, which {@code ErrorCatalogueTest} generates from it.
 */
package dev.durable.processor.messages;
