-- (no statements yet)
select 1;
