//! The optimizer rule that reads one field of `uri_parts` without building the others:
//! `uri_parts(v)['host']` becomes `uri_host(v)`. The struct has seven string columns;
//! a query that reads one of them would otherwise build all seven for every row.

use std::sync::Arc;

use datafusion::common::Result;
use datafusion::common::tree_node::{Transformed, TreeNode};
use datafusion::functions::core::getfield::GetFieldFunc;
use datafusion::logical_expr::expr::ScalarFunction;
use datafusion::logical_expr::expr_rewriter::NamePreserver;
use datafusion::logical_expr::{Expr, LogicalPlan, ScalarUDF};
use datafusion::optimizer::{ApplyOrder, OptimizerConfig, OptimizerRule};

use crate::udf::{PART_NAMES, RowFunction};

/// Rewrites a field access on `uri_parts(v)` into the one-part function of that field.
/// The result is the same row for row: both are NULL when the value is not a URI
/// reference, and the field is NULL exactly when the part function is.
#[derive(Debug)]
pub(crate) struct UriPartsField {
    /// The one-part functions, in the order of [`PART_NAMES`].
    parts: [Arc<ScalarUDF>; 7],
}

impl UriPartsField {
    pub(crate) fn new(parts: [Arc<ScalarUDF>; 7]) -> Self {
        Self { parts }
    }

    /// The one-part call that `expr` is equal to, if it is `uri_parts(v)[name]`.
    fn replacement(&self, expr: &Expr) -> Option<Expr> {
        let Expr::ScalarFunction(access) = expr else {
            return None;
        };
        // The functions are matched by type, not by name: a function registered under
        // the same name by someone else is left alone.
        if !access.func.inner().is::<GetFieldFunc>() {
            return None;
        }
        let [Expr::ScalarFunction(inner), Expr::Literal(field, _)] = access.args.as_slice() else {
            return None;
        };
        let from_parts = inner
            .func
            .inner()
            .downcast_ref::<RowFunction>()
            .is_some_and(RowFunction::returns_parts);
        if !from_parts {
            return None;
        }
        let field = field.try_as_str()??;
        let index = PART_NAMES.iter().position(|name| *name == field)?;
        Some(Expr::ScalarFunction(ScalarFunction::new_udf(
            Arc::clone(&self.parts[index]),
            inner.args.clone(),
        )))
    }
}

impl OptimizerRule for UriPartsField {
    fn name(&self) -> &'static str {
        "rfc3696_uri_parts_field"
    }

    fn apply_order(&self) -> Option<ApplyOrder> {
        Some(ApplyOrder::BottomUp)
    }

    fn rewrite(
        &self,
        plan: LogicalPlan,
        _config: &dyn OptimizerConfig,
    ) -> Result<Transformed<LogicalPlan>> {
        // The output columns keep their names, so the plan's schema does not change.
        let names = NamePreserver::new(&plan);
        plan.map_expressions(|expr| {
            let name = names.save(&expr);
            let rewritten = expr.transform_up(|e| {
                Ok(match self.replacement(&e) {
                    Some(part) => Transformed::yes(part),
                    None => Transformed::no(e),
                })
            })?;
            Ok(if rewritten.transformed {
                Transformed::yes(name.restore(rewritten.data))
            } else {
                rewritten
            })
        })
    }
}
