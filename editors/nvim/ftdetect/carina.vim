" Carina configurations: *.crn
autocmd BufRead,BufNewFile *.crn setfiletype carina
