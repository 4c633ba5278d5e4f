# wolfjudge 訊息目錄（臺灣繁體中文）。
# 依臺灣玩家的用語寫成，不是逐字轉換簡體：訊息、私訊、帳號、伺服器、身分組、貼文、討論串、「」引號。
# 每則訊息的 id 與 locales/zh-CN/wolfjudge.ftl、locales/en/wolfjudge.ftl 完全相同，變數 { $… } 也一樣
# （有測試檢查，也會檢查這裡沒有簡體字）；斜線指令的名稱與說明也在這裡（cmd-…）。
# 時間由程式格式化為 "2026-12-02 20:00 UTC"；票數是一般數字（1.5 表示一票半）。
# 新增語言或新增訊息的方法見 docs/translating.md。

## 通用

list-sep = {"、"}
list-none = 無
nobody = （無）
by-bot = 法官（自動）
sentence = { $what }。
with-reason = { $what }，理由：{ $reason }
dur-h = { $n } 小時
dur-m = { $n } 分鐘
dur-s = { $n } 秒

## 身分、階段、陣營、牌

role-wolf = 狼人
role-villager = 村民
role-seer = 預言家
role-witch = 女巫
role-hunter = 獵人
role-killer = 殺手
role-police = 警察
role-civilian = 平民

phase-setup = 準備階段
phase-day = 第 { $day } 天
phase-day-round = 第 { $day } 天平票加賽第 { $round } 輪
phase-night = 第 { $night } 夜
phase-ended = 遊戲結束後

winner-wolves = 狼人陣營
winner-village = 好人陣營
winner-police = 警民陣營
winner-killers = 殺手陣營
winner-draw = 平局

color-blue = 藍牌
color-yellow = 黃牌
color-red = 紅牌

## 模擬器用的標題與範例發言

heading-day = 第 { $day } 天討論串
heading-day-round = 第 { $day } 天平票加賽第 { $round } 輪
heading-night = 第 { $night } 夜
heading-dm = 私訊：{ $name }
heading-wolves = 狼人密談
heading-killers = 殺手密談
heading-police = 警察密談
heading-judge = 法官紀錄
heading-reveal = 揭曉
heading-public = 公告
heading-internal = 內部紀錄
refused = （僅 { $name } 看得到）操作未被接受：{ $message }

chat-1 = 我是好人，先聽聽大家怎麼說。
chat-2 = 昨晚死的這位很有意思，對面在想什麼？
chat-3 = 樓上的發言有點划水耶，可以講具體一點嗎？
chat-4 = 我覺得今天應該先出發言最少的那位。
chat-5 = 預言家該起跳報查驗了吧？
chat-6 = 這個票型我看不懂，有人能解釋一下嗎？
chat-7 = 先別急著站邊，把邏輯盤清楚再說。
chat-8 = 我暫時保留意見，晚點再來投票。
chat-9 = 有沒有人注意到昨天有人改票？
chat-10 = 好人要團結，別被對面帶風向。

## 拒絕操作時對玩家說的話（err- 後接 RuleError::code()，底線換成連字號）

err-game-over = 遊戲已經結束，不能再操作了。所有身分和過程請看揭曉的內容。
err-unknown-character = 沒有叫「{ $name }」的角色。請確認名字有沒有打對（可以從存活名單複製）。
err-not-judge = 只有法官可以這樣做。
err-not-a-character = 法官不扮演角色，不能進行玩家的操作。
err-actor-dead = 你（{ $name }）已經出局，不能再這樣做。{ $game ->
    [mafia] 出局後只能留遺言和寫樹洞。
   *[other] 出局後只能留遺言、寫樹洞，以及做出局時的決定（開槍、移交警徽或狼頭）。
}
err-wrong-phase = 現在是{ $phase }，不能做這個操作，請在對應的階段再來：白天的操作（發言、投票）在白天，夜裡的技能在夜裡。
err-day-closed = 今天的投票已經截止，今天不能再發言或投票。請等下一個階段開始。
err-night-deadline-passed = 今晚做這件事的時限已經過了，今晚不能再做。請等下一晚。
err-leader-election-over = { $has ->
    [yes] 狼頭選舉只在第一夜進行，已經結束：狼頭是 { $leader }。狼頭出局時由他移交狼頭。
   *[no] 狼頭選舉只在第一夜進行，已經結束。
}
err-no-ability = 你（{ $name }）的身分現在不能做這件事。可用的技能和時限請看法官私訊給你的身分說明。
err-target-dead = { $name } 已經出局，不能當作目標。請選擇一名存活的角色。
err-vote-change-limit = { $limit ->
    [0] 本局不允許改票，你的第一票就是最終的票。
   *[other] 你已經改過 { $limit } 次票，不能再改了；你目前的票仍然有效。
}
err-vote-locked = 投票截止前 { $lock }內不能再改票（截止時間 { $closes }）。你目前的票仍然有效。
err-proxy-too-late = 代投申請最晚要在投票截止前 { $deadline }提出（截止時間 { $closes }）。這次申請太晚，沒有生效；你仍然可以自己投票。
err-proxy-change-too-late = 代投改票最晚要在投票截止前 { $deadline }提出（截止時間 { $closes }）。這次提出得太晚，沒有生效；你原本的票仍然有效。
err-witch-self-save = 女巫不能對自己使用解藥。你仍然可以使用毒藥，或今晚不用藥。
err-one-potion-per-night = 同一晚只能用一瓶藥，你今晚已經用過藥了。
err-antidote-used = 你的解藥已經用過了（每局只能用一次）。你仍然可以使用毒藥（如果還有），或今晚不用藥。
err-poison-used = 你的毒藥已經用過了（每局只能用一次）。
err-no-kill-target = 今晚沒有人被刀，沒有可以救的人。你可以使用毒藥，或今晚不用藥。
err-wolves-not-done = 狼人還沒有決定今晚的刀口。決定後法官會私訊通知你，請到時再用藥。
err-already-acted = 這件事你今晚已經做過了，不能重複。
err-kill-reason-length = 刀人理由必須剛好 { $want } 個字，你寫了 { $len } 個字。
err-kill-fixed = 今晚的刀口已經確定，不能再提交或更改。
err-not-leader = { $has ->
    [yes] 只有狼頭（{ $leader }）可以定刀。你可以提交你的目標，由狼頭選擇。
   *[no] 狼頭還沒有選出，現在不能定刀。請先提交你的目標。
}
err-leader-not-chosen = 狼頭還沒有選出（第一夜的狼頭選舉還沒結束），現在沒有人能定刀。請先提交你的目標；狼頭選出後由他從提交的目標中定刀。
err-not-submitted = 還沒有狼人提交 { $name } 作為目標。狼頭只能從已提交的目標中選擇；可以先提交 { $name }。
err-target-self = 不能以自己為目標，請選擇另一名角色。
err-target-not-wolf = { $name } 不是狼人。狼頭選舉和狼頭移交只能選擇存活的狼人。
err-no-decision-pending = { $game ->
    [mafia] 你現在沒有需要做的決定：本局出局的角色只能留遺言和寫樹洞。
   *[other] 你沒有這項決定要做：開槍、移交警徽和移交狼頭分別只屬於出局時的獵人、警長和狼頭。
}
err-decision-made = 這項決定你已經做過了，不能更改。
err-decision-lapsed = 這項決定的時限已經過了，已依規則處理（開槍視為放棄；警徽或狼頭已隨機移交）。
err-shoot-first = 你既是獵人又是警長：請先開槍，再移交警徽。
err-already-requested = 你已經申請過加速了，不需要重複申請；人數過半時遊戲會自動加速。
err-already-sped-up = 遊戲已經加速了，不需要再申請。
err-speedup-unavailable = 本局規則不允許加速。
err-last-words-not-granted = 你沒有遺言權：本局只有最先出局的 { $quota } 名角色（紅牌罰下和被法官移出的不算）可以留遺言。
err-last-words-too-late = 遺言已經超過提交時限：遺言必須在要公布它的那一天的貼文發出之前提交。
err-last-words-given = 你已經提交過遺言了，遺言不能修改。
err-not-tied = { $name } 不在平票名單中。本輪加賽只能投給：{ $candidates }。
err-not-a-voter = 你是平票的角色之一，這一輪加賽由其他角色投票，你不參加投票。
err-concede-not-allowed = 只有己方只剩最後一名成員時才能認輸。
err-first-kill-forbidden = { $name } 是本屆比賽上一局第一晚被殺的人，依規定連續兩局的第一晚不能殺同一個人。請今晚另選目標；從第二晚起可以再選 { $name }。
err-invalid-winner = 本局不可能由「{ $winner }」獲勝。可選的結果：{ $options }。

## 身分私訊

ev-role-told = 你的身分是【{ $role }】。
role-desc-wolf = 每晚入夜後 { $night }內私訊法官報刀：一個目標，附兩個字的理由。{ $leader ->
    [yes] 第一夜所有狼人還要投票選出狼頭（一定要投，沒投會拿黃牌）；狼頭選出後（第一夜就開始），每晚由狼頭從大家報的目標中定刀，截止時狼頭還沒定刀的話，{ $fallback ->
        [most] 就刀報得最多的目標（同票時取最早報的）。
       *[none] 當晚空刀。
    }
   *[no] 每晚刀報得最多的目標（同票時取最早報的）。
}
role-desc-villager = 你沒有技能。白天積極發言、投票，找出狼人。
role-desc-seer = 每晚入夜後 { $night }內可以私訊法官查驗一名其他存活角色，得知他是好人還是狼人陣營。
role-desc-witch = 你有一瓶解藥和一瓶毒藥，各限用一次，同一晚只能用一瓶。持有解藥時，每晚狼人決定刀口後法官會私訊告訴你誰被刀，你可以救他{ $selfsave ->
    [yes] （可以自救）
    [first] （僅首夜可以自救）
   *[no] （不能自救）
}；解藥用過後就不再得知刀口。你也可以毒殺任何一名存活角色。截止時間：入夜後 { $witch }。
role-desc-hunter = 當你出局時（被刀、被毒或被投票出局；紅牌罰下或被法官移出除外），可以在 { $window }內開槍帶走一名其他存活角色。
role-desc-killer = 每晚入夜後 { $night }內，你和其他殺手各自私訊法官提交一個殺人目標，以多數決定（沒有提交的殺手視為跟隨多數；票數相同時，取最早提交的目標）。
role-desc-police = 每晚入夜後 { $night }內，你和其他警察各自私訊法官提交一個查驗目標，以多數決定；查驗結果是該角色的確切身分，你們都會收到。
role-desc-civilian = 你沒有技能。白天積極發言、投票，找出殺手。
team-wolf = 你的狼人隊友：{ $names }。你們互相知道身分，{ $chat ->
    [yes] 可以在狼人群組裡交流。
   *[no] 但本局沒有狼人群組，不能私下交流：每個人只私訊法官，隊友報的刀和狼頭選票由法官轉告給你。
}
team-wolf-alone = 你是本局唯一的狼人。
team-killer = 你的殺手隊友：{ $names }。
team-killer-alone = 你是本局唯一的殺手。
team-police = 你的警察隊友：{ $names }。
team-police-alone = 你是本局唯一的警察。
goal-wolves = 獲勝條件（屠邊）：存活狼人達到存活人數的一半，或神職（預言家、女巫、獵人）全部出局，或村民全部出局。
goal-village = 獲勝條件：所有狼人出局。
goal-killers = 獲勝條件：所有警察出局（若平民全部出局則為平局）。
goal-town = 獲勝條件：所有殺手出局（若平民全部出局則為平局）。

## 事件

ev-created = （內部）遊戲建立：規則 { $ruleset }，{ $count } 個角色，開始於 { $start }。
ev-seed-committed = 本局隨機種子的 SHA-256 雜湊值：{ $commitment }。遊戲結束時會公布種子，任何人都可以據此驗證發牌和每一次隨機抽取。
ev-roles-dealt-seed = 發牌（由種子隨機決定，第 0 次抽取）：
ev-roles-dealt-fixed = 發牌（指定）：
ev-dealt-role = { $name }：{ $role }

ev-day-title = 【第 { $day } 天】
ev-day-round-title = 【第 { $day } 天 · 平票加賽第 { $round } 輪】
ev-day-deaths = 出局{ $count ->
    [1] {""}
   *[other] （依先後順序）
}：{ $names }
ev-day-out-on-day = 第 { $day } 天出局{ $count ->
    [1] {""}
   *[other] （依先後順序）
}：{ $names }
ev-day-nobody-out = 第 { $day } 天無人出局。
ev-day-out-at-night = 第 { $night } 夜出局{ $count ->
    [1] {""}
   *[other] （依先後順序）
}：{ $names }
ev-day-peaceful-night = 第 { $night } 夜是平安夜，無人出局。
ev-day-sheriff = 警長：{ $name }
ev-day-no-sheriff = 目前沒有警長。
ev-day-alive = 存活角色（{ $count }）：{ $names }
ev-day-last-words = 遺言：
ev-day-last-word = { $name }：{ $text }
ev-day-vote-sheriff = 今天投票選警長：得票最多的人當選（平票時，先達到該票數的人當選）。
ev-day-vote-out = 今天投票放逐：得票最多的人出局。
ev-day-vote-out-sheriff = 今天投票放逐：得票最多的人出局，警長的票算 { $weight } 票。最高票平票時，平票者中警長投的那一位出局；警長沒有投給任何平票者的話，無人出局。
ev-day-vote-rules = 投票請寫明目標和理由，也可以明確棄票。{ $changes ->
    [0] 本局不能改票。
   *[other] 每人可以改票 { $changes } 次，截止前 { $lock }內不能改票。
}
ev-day-candidates = 平票的角色：{ $names }。本輪只能投給他們。
ev-day-voters = 本輪投票的角色：{ $names }
ev-day-closes = 討論和投票截止：{ $closes }

ev-posted = { $name }：{ $text }
ev-vote = { $by } 投票給 { $target }
ev-vote-change = { $by } 改票給 { $target }
ev-vote-abstain = { $by } 棄票
ev-vote-abstain-change = { $by } 改為棄票
ev-vote-proxy = （法官代投）{ $vote }
ev-vote-closed = { $phase }投票結束。得票：{ $tally }
ev-vote-closed-empty = { $phase }投票結束，沒有有效票。
ev-tally-entry = { $name } { $votes } 票
ev-sheriff-elected = { $name } 當選警長。之後的放逐投票中，警長的票算 { $weight } 票。
ev-sheriff-none = 沒有人得票，本局暫時沒有警長。
ev-nobody-out-no-votes = 沒有人得票，今天無人出局。
ev-nobody-out-tie = 最高票平票，今天無人出局。

ev-out-vote = { $name } 被投票出局。
ev-out-night = { $name } 在夜裡出局。
ev-out-shot = { $name } 被開槍帶走，出局。
ev-out-red-card = { $name } 被紅牌罰下，出局。
ev-out-judge = { $name } 被法官移出遊戲。
ev-out-night-kill-judge = { $name } 在{ $phase }被刀，出局。
ev-out-night-kill-judge-mafia = { $name } 在{ $phase }被殺手殺死，出局。
ev-out-poison-judge = { $name } 在{ $phase }被女巫毒殺，出局。

ev-last-words-granted = 你出局了，可以留一段遺言，會在第 { $day } 天的貼文發出時公布。請在第 { $day } 天的貼文發出之前用 /遺言 提交，逾期視為放棄（遺言名額不會轉給別人）。你可以繼續旁觀討論，但請不要再在討論串裡發言。
ev-last-words-given = 已收到你的遺言，會在第 { $day } 天的貼文發出時公布：{ $text }
ev-last-words-given-later = 已收到你的遺言，會在下一天的貼文發出時公布：{ $text }
ev-decide-shoot = 你出局了。身為獵人，你可以在 { $until } 之前開槍帶走一名其他存活角色；也可以不開槍，到時視為放棄。
ev-decide-badge = 你出局了。身為警長，請在 { $until } 之前把警徽移交給一名存活角色。{ $card ->
    [yes] 超時沒有移交的話，警徽會隨機移交，你還會拿到一張黃牌。
   *[no] 超時沒有移交的話，警徽會隨機移交。
}
ev-decide-leader = 你出局了。身為狼頭，請在 { $until } 之前指定一名存活的狼人接任狼頭。{ $card ->
    [yes] 超時沒有指定的話，會隨機選一名存活狼人接任，你還會拿到一張黃牌。
   *[no] 超時沒有指定的話，會隨機選一名存活狼人接任。
}
ev-shot = { $hunter } 開槍帶走了 { $target }。
ev-lapsed-shoot = { $name } 沒有在時限內開槍，視為放棄。
ev-lapsed-badge = { $name } 沒有在時限內移交警徽。
ev-lapsed-leader = { $name } 沒有在時限內移交狼頭。
ev-shot-declined = { $name } 選擇不開槍。
ev-badge-passed = { $from } 把警徽移交給 { $to }，{ $to } 成為新警長。
ev-badge-drawn = 警徽由隨機抽取（第 { $draw } 次種子抽取）移交給 { $to }，{ $to } 成為新警長。
ev-badge-given = { $to } 成為警長。
ev-leader-passed = { $from } 把狼頭移交給 { $to }，{ $to } 成為新狼頭。
ev-leader-drawn = 狼頭由隨機抽取（第 { $draw } 次種子抽取）產生：{ $to } 成為新狼頭。
ev-leader-given = { $to } 成為狼頭。

ev-night-opened-werewolf = 【第 { $night } 夜】入夜。狼人和預言家請在 { $wolves } 之前私訊法官行動，女巫在 { $witch } 之前。
ev-night-opened-mafia = 【第 { $night } 夜】入夜。殺手和警察請在 { $wolves } 之前私訊法官行動。
# The night's prompt, by DM to each character with a night action (the menus come with it).
prompt-night-wolf = 【第 { $night } 夜】請在 { $until } 之前報刀：選一個目標，附兩個字的理由。
prompt-night-wolf-elect = 今晚是第一夜，還要在同一時限前投票選出狼頭（可以投自己）{ $card ->
    [yes] ，截止時沒投票的狼人會拿到黃牌
   *[no] {""}
}。狼頭一選出，今晚就由狼頭從大家報的目標中定刀。
prompt-night-wolf-leader = 你是狼頭：請在 { $until } 之前從大家報的目標中定刀（隊友報刀後會另外傳定刀選單給你）；到時沒有定刀，{ $fallback ->
    [most] 就刀報得最多的目標（同票取最早報的）。
   *[none] 今晚空刀。
}
prompt-night-wolf-member = 狼頭 { $leader } 會從大家報的目標中定刀。
prompt-night-wolf-majority = 今晚依報得最多的目標定刀（同票取最早報的）。
prompt-night-seer = 【第 { $night } 夜】你可以在 { $until } 之前查驗一名其他存活角色，得知他是好人還是狼人陣營；到時沒有查驗視為放棄。
prompt-night-killer = 【第 { $night } 夜】請在 { $until } 之前提交今晚要殺的目標，並附一句理由。殺手們以多數決定（同票取最早提交的目標）。
prompt-night-police = 【第 { $night } 夜】請在 { $until } 之前提交今晚要查驗的角色。警察們以多數決定，你們都會得知這名角色的確切身分。
prompt-out-no-last-words = 你出局了。本局的遺言名額（{ $quota } 個）已經用完，所以你沒有遺言。你可以繼續旁觀討論，但請不要再在討論串裡發言；遊戲結束前還可以用 /樹洞 寫下想說的話，終局時公開。
ev-leader-voted = { $by } 投票選 { $target } 當狼頭。
ev-leader-elected = { $name } 當選狼頭，之後每晚由他從大家報的目標中定刀。
ev-leader-elected-drawn = 沒有有效的狼頭選票，狼頭由隨機抽取（第 { $draw } 次種子抽取）產生：{ $name }。
ev-kill-submitted = { $by } 報刀 { $target }
ev-kill-submitted-mafia = { $by } 提交殺人目標：{ $target }
ev-kill-picked = 狼頭 { $leader } 定刀：今晚刀 { $target }。
ev-kill-fallback = 狼頭沒有在截止前定刀。{ $tie ->
    [yes] 報刀同票，取最早報的目標：今晚刀 { $target }。
   *[no] 依報得最多的目標，今晚刀 { $target }。
}
ev-kill-majority = { $tie ->
    [yes] 報刀同票，取最早報的目標：今晚刀 { $target }。
   *[no] 依報得最多的目標，今晚刀 { $target }。
}
ev-kill-majority-mafia = { $tie ->
    [yes] 殺人目標票數相同，取最早提交的：今晚殺 { $target }。
   *[no] 以多數決定，今晚殺 { $target }。
}
ev-kill-none = 今晚空刀。
ev-kill-none-mafia = 今晚不殺人。
ev-witch-told = 今晚被刀的是 { $target }。你可以對他使用解藥{ $selfsave ->
    [yes] {""}
   *[no] （女巫不能自救）
}，或毒殺一名存活角色，或不用藥；同一晚只能用一瓶藥。
ev-witch-told-no-kill = 今晚沒有人被刀。你可以毒殺一名存活角色，或不用藥。
ev-witch-not-told = 狼人已經行動。你不會得知今晚的刀口（解藥已經用過，或今晚無人被刀）。你可以毒殺一名存活角色（如果毒藥還在），或不用藥。
ev-witch-until = 請在 { $until } 之前決定，到時沒有決定視為不用藥。
ev-witch-saved = 你對 { $target } 使用了解藥。解藥已用完，之後你不會再得知刀口。
ev-witch-poisoned = 你對 { $target } 使用了毒藥。毒藥已用完。
ev-witch-passed = 你今晚沒有用藥。
ev-seer-village = 查驗結果：{ $target } 是【好人】（金水）。
ev-seer-not-village = 查驗結果：{ $target } 是【狼人陣營】（查殺）。
ev-check-submitted = { $by } 提交查驗 { $target }。
ev-police-result = 查驗結果（依多數選定的目標）：{ $target } 是【{ $role }】。
ev-wolves-closed = （內部）狼人、預言家、警察的行動截止。
ev-night-ended = 第 { $night } 夜結束，天亮了。

ev-card = { $name } 拿到一張{ $color }：{ $reason }。
ev-card-you = 你拿到一張{ $color }：{ $reason }。
card-reason-judge = { $text }（法官判罰）
card-reason-no-vote = 第 { $day } 天既沒有投票也沒有棄票
card-reason-few-posts = 第 { $day } 天只發言 { $posts } 次（至少需要 { $min } 次）
card-reason-lurk-streak = 截至第 { $day } 天，連續 { $days } 天每天發言少於 { $min } 次
card-reason-mandatory = 沒有在時限內完成必須做的操作
card-reason-pass-badge = 沒有在時限內移交警徽
card-reason-leader-vote-judge = 第一夜沒有投票選狼頭
card-reason-pass-leader-judge = 沒有在時限內移交狼頭
ev-cards-converted = { $name } 累計 { $count } 張{ $from }，升級為一張{ $to }。
ev-cards-converted-you = 你累計 { $count } 張{ $from }，升級為一張{ $to }。
ev-speedup-requested = { $name } 申請加速（已有 { $count } 人，需要 { $needed } 人）。
ev-sped-up = 超過半數的存活角色申請加速，遊戲加速：從下一天起每天 { $length }（今天的截止時間不變）。{ $cards ->
    [yes] 從現在起，潛水和沒投票不再自動發黃牌。
   *[no] {""}
}
ev-substituted = 替補：{ $player } 接手角色 { $name }（身分、技能和牌都不變）。
ev-extended = 法官把目前的截止時間延後了 { $dur }。
ev-shortened = 法官把目前的截止時間提前了 { $dur }。
ev-paused = 法官暫停了遊戲：恢復之前所有截止時間都停止計時。
ev-resumed = 法官恢復了遊戲；所有還沒到的截止時間順延 { $dur }。
ev-tree-hole = 已記入你的樹洞（遊戲結束後公開）：{ $text }
ev-conceded = { $name } 代表己方認輸。
ev-game-ended = 遊戲結束：{ $reason }，{ $winner }獲勝。
ev-game-ended-draw = 遊戲結束：{ $reason }，平局。
ev-game-ended-none = 遊戲結束：{ $reason }，沒有勝者。
end-condition = 達成勝利條件
end-wolves-out = 狼人全部出局
end-wolves-half = 存活狼人達到存活人數的一半
end-gods-out = 神職（預言家、女巫、獵人）全部出局
end-villagers-out = 村民全部出局
end-killers-out = 殺手全部出局
end-police-out = 警察全部出局
end-civilians-out = 平民全部出局
end-red-card = 紅牌判負
end-concede = 一方認輸
end-tie-rounds = 兩輪平票加賽後仍然平票
end-judge = 法官宣布結束

## 揭曉

ev-reveal-title = 【揭曉】
ev-reveal-roles = 身分：
ev-reveal-role = { $name }（玩家 { $player }）：{ $role }
ev-reveal-role-own = { $name }：{ $role }
ev-reveal-deeds = 過程：
ev-reveal-deed = { $phase }：{ $deed }
ev-reveal-deed-at = { $phase } { $time }：{ $deed }
ev-reveal-no-deeds = （無）
ev-reveal-tree-holes = 樹洞：
ev-reveal-tree-hole = { $name }：{ $text }
ev-reveal-no-tree-holes = （無）
ev-reveal-seed = 隨機種子：{ $seed }
ev-reveal-commitment = 開局公布的種子雜湊值：{ $commitment }
ev-reveal-verify = 驗證方法：把種子以小端序寫成 8 個位元組，它的 SHA-256 應該等於開局公布的種子雜湊值；第 i 次隨機抽取用的是以這個種子初始化的 ChaCha20 的第 i 號串流。也可以用一行指令驗證（對局檔案可由法官用 /法官 匯出 指令取得）：`wolfjudge verify game.json --commitment { $commitment }`，它會核對種子並列出由種子得出的發牌。
ev-reveal-verify-256 = 驗證方法：種子是 32 個位元組（上面的 64 位十六進位數），它的 SHA-256 應該等於開局公布的種子雜湊值；第 i 次隨機抽取用的是以這 32 個位元組為金鑰的 ChaCha20 的第 i 號串流。也可以用一行指令驗證（對局檔案可由法官用 /法官 匯出 指令取得）：`wolfjudge verify game.json --commitment { $commitment }`，它會核對種子並列出由種子得出的發牌。

deed-vote = { $by } 投票給 { $target }
deed-abstain = { $by } 棄票
deed-shoot = { $by } 開槍帶走 { $target }
deed-pass-badge = { $by } 把警徽移交給 { $target }
deed-pass-leader = { $by } 把狼頭移交給 { $target }
deed-leader-vote = { $by } 投票選 { $target } 當狼頭
deed-kill = { $by } 報刀 { $target }
deed-kill-mafia = { $by } 提交殺人目標 { $target }
deed-pick = 狼頭 { $by } 定刀 { $target }
deed-kill-fixed = 刀口定為 { $target }
deed-kill-fixed-mafia = 殺人目標定為 { $target }
deed-kill-none = 空刀
deed-kill-none-mafia = 沒有殺人
deed-save = { $by } 對 { $target } 使用解藥
deed-poison = { $by } 對 { $target } 使用毒藥
deed-pass = { $by } 沒有用藥
deed-check = { $by } 查驗 { $target }
deed-other = { $by }：{ $what } { $target }
deed-abstention = 棄票
deed-vote-change = { $by } 改票：{ $from } → { $to }
deed-proxy = { $what }（法官代 { $by } 投出）
deed-card = { $target } 拿到一張{ $color }{ $public ->
    [yes] （公開）
   *[no] （未公開，只告知本人）
}：{ $reason }
deed-cards-converted = { $target } 的{ $from }升級為一張{ $to }
deed-hold-fire = { $by } 選擇不開槍
deed-lapsed-shoot = { $by } 沒有在時限內開槍，視為放棄
deed-lapsed-badge = { $by } 沒有在時限內移交警徽
deed-lapsed-leader = { $by } 沒有在時限內移交狼頭
deed-badge-drawn = { $by } 的警徽由隨機抽取交給 { $target }
deed-leader-drawn = 狼頭由隨機抽取交給 { $target }
deed-leader-elected = { $target } 當選狼頭

## 提醒（截止時間存在資料庫中）
reminder-vote = 提醒：{ $phase }的投票將在 { $closes } 截止。還沒投票的角色請在這之前投票（目標和理由）或明確棄票。
reminder-night = 提醒：你在{ $phase }的夜間行動將在 { $closes } 截止。請在這之前做出選擇，否則視為放棄。

## 模擬器（wolfjudge simulate）：標題、角色名、法官紀錄、範例文字

sim-title = wolfjudge 模擬對局：規則 { $ruleset }，{ $players } 名玩家，種子 { $seed }。
sim-legend = 以下依時間順序列出每位玩家看到的內容。方括號裡是所在的地方：討論串和夜晚的公告所有人都看得到；私訊只有收件人看得到；狼人、殺手、警察密談只有該陣營看得到；法官紀錄只有法官看得到（平常的發言不逐則記錄，每天投票結束時彙整一次）。
sim-clock = 時間依本局的時區 { $zone } 顯示：開局時間是 { $start }。
sim-summary = 模擬結束：共 { $days } 天，{ $commands } 道指令，其中 { $refused } 道未被接受。
sim-winner = 結果：{ $winner }獲勝。
sim-draw = 結果：平局。
sim-no-winner = 結果：沒有勝者。
sim-error-ruleset = 未知的規則「{ $name }」（可用：m32、mafia）。
sim-error-players = 規則 { $ruleset } 不能容納 { $players } 名玩家（可以容納的人數：{ $allowed }）。
sim-error-setup = 無法開始模擬：{ $error }
sim-error-cap = 模擬在 { $commands } 道指令後仍未結束（{ $phase }），已停止。
sim-error-stalled = 模擬卡住了：{ $phase }之後沒有任何截止時間，遊戲無法繼續。

## 命令列（wolfjudge simulate、verify、standings）

cli-sim-seed-range = 從種子 { $seed } 起連續 { $games } 局，最後一局的種子會超過上限 { $max }（種子 + 局數 - 1 不能大於它）。
cli-sim-game = 第 { $game } 局（共 { $games } 局），種子 { $seed }
cli-sim-summary = { $games } 局模擬的結果：
cli-sim-summary-game = 第 { $game } 局（種子 { $seed }）：{ $result }，共 { $days } 天。
cli-sim-result-winner = { $winner }獲勝
cli-sim-result-draw = 平局
cli-sim-result-none = 沒有勝者
cli-sim-stored = 第 { $id } 號對局（鍵 { $key }）已存入資料庫。
cli-sim-tournament-game = 比賽「{ $tournament }」的第 { $game } 局已記錄（種子 { $seed }）。
cli-cannot-read = 無法讀取 { $file }：{ $error }
cli-invalid-script = 無效的遊戲腳本：{ $error }
cli-verify-mismatch = 種子與開局公布的種子雜湊值不符：種子 { $seed } 的雜湊值是 { $got }，而開局公布的是 { $want }。
cli-verify-seed = 種子 { $seed }：它的 8 個小端序位元組的 SHA-256 是 { $hash }，與開局公布的種子雜湊值相符。
cli-verify-seed-256 = 256 位元種子 { $seed }：它的 32 個位元組的 SHA-256 是 { $hash }，與開局公布的種子雜湊值相符。
cli-verify-fixed = 角色是腳本裡指定的，不是由種子發牌：
cli-verify-deal = 這個種子發出的牌（第 0 次抽取）：
cli-verify-role = { $name }：{ $role }
cli-verify-ended = 重播到遊戲結束：{ $result }。
cli-verify-replayed = 重播到{ $phase }，遊戲尚未結束。
cli-chart-write = 無法把積分圖寫入 { $path }：{ $error }

sim-name-1 = 阿狸
sim-name-2 = 白菜
sim-name-3 = 春捲
sim-name-4 = 豆花
sim-name-5 = 鵝肉
sim-name-6 = 番茄
sim-name-7 = 果凍
sim-name-8 = 海苔
sim-name-9 = 醬油
sim-name-10 = 可樂
sim-name-11 = 辣椒
sim-name-12 = 饅頭
sim-name-13 = 奶茶
sim-name-14 = 泡芙
sim-name-15 = 芋圓
sim-name-16 = 肉圓

# 模擬玩家的帳號（論壇 ID）：馬甲局裡與角色名不同，揭曉時才對上號。
sim-account-1 = 夜雨聲煩
sim-account-2 = 橘子汽水
sim-account-3 = 一隻鹹魚
sim-account-4 = 北方有雪
sim-account-5 = 貓貓頭
sim-account-6 = 雲中白鶴
sim-account-7 = 不吃香菜
sim-account-8 = 小滿
sim-account-9 = 隔壁老王
sim-account-10 = 月半彎
sim-account-11 = 無名氏
sim-account-12 = 早睡早起
sim-account-13 = 南瓜餅
sim-account-14 = 阿飄
sim-account-15 = 清風徐來
sim-account-16 = 路人甲

sim-judge-command = { $actor }：{ $action }
sim-judge-posts = { $phase }討論串共 { $count } 則發言（法官紀錄不逐則列出，每個人的樓層見電梯）。
sim-elevator-line = { $name }（{ $count }）：{ $floors }
sim-judge-command-refused = { $actor }：{ $action }（未接受：{ $reason }）
sim-actor-judge = 法官
sim-act-post = 發文
sim-act-vote = 投票給 { $target }，理由：{ $reason }
sim-act-abstain = 棄票
sim-act-proxy = 請法官代投給 { $target }
sim-act-speedup = 申請加速
sim-act-last-words = 提交遺言
sim-act-tree-hole = 寫樹洞
sim-act-leader-vote = 投票選 { $target } 當狼頭
sim-act-kill = 報刀 { $target }，理由：{ $reason }
sim-act-kill-mafia = 提交殺人目標 { $target }，理由：{ $reason }
sim-act-pick = 定刀 { $target }
sim-act-save = 使用解藥
sim-act-poison = 對 { $target } 使用毒藥
sim-act-witch-pass = 今晚不用藥
sim-act-check = 查驗 { $target }
sim-act-shoot = 開槍帶走 { $target }
sim-act-hold-fire = 放棄開槍
sim-act-pass-badge = 把警徽移交給 { $target }
sim-act-pass-leader = 把狼頭移交給 { $target }
sim-act-concede = 認輸
sim-act-card = 給 { $target } 一張{ $color }，理由：{ $reason }
sim-act-remove = 把 { $target } 移出遊戲，理由：{ $reason }
sim-act-substitute = 讓 { $player } 接手 { $target }
sim-act-extend = 把目前的截止時間調整 { $seconds } 秒
sim-act-end = 宣布遊戲結束：{ $winner }
sim-act-pause = 暫停遊戲
sim-act-resume = 恢復遊戲
sim-act-tick = 推進時間

sim-vote-reason-1 = 發言划水
sim-vote-reason-2 = 票型可疑
sim-vote-reason-3 = 邏輯前後矛盾
sim-vote-reason-4 = 一直在帶風向
sim-vote-reason-5 = 跟票
sim-vote-reason-6 = 感覺不對
sim-kill-reason-1 = 強勢
sim-kill-reason-2 = 太精
sim-kill-reason-3 = 帶隊
sim-kill-reason-4 = 礙事
sim-last-words-1 = 我是好人，大家好好盤一下昨天的票型。
sim-last-words-2 = 沒什麼好說的，相信好人會贏。
sim-last-words-3 = 注意那個一直改票的人。
sim-last-words-4 = 我先走了，剩下的就交給你們了。
sim-tree-hole-1 = 我覺得今天的警長有問題。
sim-tree-hole-2 = 今天的發言好難盤，先記一筆。
sim-tree-hole-3 = 下次一定早點投票。
sim-card-reason-1 = 發言離題
sim-card-reason-2 = 催票語氣太衝
sim-card-reason-3 = 場外討論本局

## 比賽（docs/rules.md §3）：積分榜與獎項。
tournament-title = 比賽「{ $name }」（{ $ruleset }）：已完成 { $played }/{ $planned } 局，法官 { $judge }
tournament-col-rank = 名次
tournament-col-player = 玩家
tournament-col-game = 第{ $n }局
tournament-col-total = 總分
tournament-col-games = 局數
tournament-col-wins = 各身分勝局
tournament-judged = 法官×{ $count }
tournament-unfinished = 還在進行：{ $games }
tournament-awards = 獎項
tournament-award-top = 前三名
tournament-award-line = { $award }：{ $player }，以{ $roles }身分得 { $points } 分
tournament-award-none = { $award }：無人獲得（這一項沒有人得分）
tournament-top-line = 第 { $rank } 名：{ $player }，{ $points } 分
tournament-with-tie = { $line }（同分判定：{ $tie }）
tournament-tie-games = 與 { $other } 同分，參賽局數較少（{ $games } 局對 { $other_games } 局）
tournament-tie-signup = 與 { $other } 同分且局數相同，報名較早
tournament-tie-name = 與 { $other } 同分、局數相同、報名時間相同，依名字排序
# The chart's texts avoid full-width brackets: plotters draws each glyph from its ink, not
# its pen position, so （ and 「 would leave a gap on the wrong side.
tournament-chart-title = { $name } 累計積分
tournament-chart-start = 開局前
tournament-chart-x = 對局
tournament-chart-y = 累計積分
tournament-chart-legend = { $rank }. { $player }  { $points } 分
tournament-chart-missing = 註：字型中沒有的 { $count } 個字元在圖中畫成 ?，完整名字見積分表。
tournament-default-judge = 湯圓
standings-embed-title = 積分榜：{ $name }
stats-title = { $member } 在本伺服器的戰績：
stats-games = 參加局數：{ $games }（已結束 { $finished } 局：勝 { $won }，負 { $lost }，無結果 { $none }）
stats-wins = 各身分勝場：{ $wins }
stats-cards = 拿到的牌：藍牌 { $blue } 張，黃牌 { $yellow } 張，紅牌 { $red } 張
stats-judged = 擔任法官：{ $count } 局

## 腳本步驟與法官時長的拒絕
err-paused = 法官已暫停遊戲，請等待恢復。
err-not-paused = 遊戲沒有暫停。
err-invalid-duration = 時長必須大於零且不超過 { $max } 天（例如 90m、24h 或 1h30m）。
err-text-too-long = { $what ->
        [post] 這則發言
        [reason] 理由
        [last_words] 遺言
        [tree_hole] 樹洞
       *[player] 玩家帳號
    }太長了：最多只能有 { $max } 個字元。請縮短後再試一次。
err-clock-limit = 遊戲時鐘不能超過 { $latest }（開局後 { $years } 年）：在那之後不能再發生任何事，也不能再有截止時間。
wait-phase-over = { $phase }已經結束，遊戲不能回到那個階段。
wait-phase-unreachable = 遊戲無法到達{ $phase }：在那之前遊戲就會結束（或不再有任何截止時間）。沒有做任何變更。
wait-too-many-phases = 這次等待會經過超過 { $max } 個階段；一次等待最多只能經過 { $max } 個階段。
script-step-stopped = 第 { $step } 步：{ $error }
script-too-many-phases = 遊戲總共會經過超過 { $max } 個階段；一個腳本最多只能進行 { $max } 個階段。
script-too-large = 腳本超過 { $max } 位元組，這是腳本大小的上限。
script-too-many-steps = 腳本超過 { $max } 步，這是腳本步數的上限。
script-too-many-values = 腳本包含超過 { $max } 個 JSON 值，這是腳本所含值數量的上限。
script-too-long = { $field } 超過 { $max } 個字元，這是它的長度上限。
script-place-step = 第 { $step } 步
script-place-step-field = 第 { $step } 步的欄位 `{ $field }`
script-place-field = 欄位 `{ $field }`
outbox-undeliverable = 傳到{ $to }的一則訊息嘗試 { $attempts } 次仍無法送達：{ $why }已先擱置，以免卡住這個頻道。請手動轉達：{ $body }
outbox-refused = Discord 拒收了一則傳到{ $to }的訊息：{ $why }這則訊息已擱置，這個頻道繼續傳送。訊息開頭：{ $start }

## Discord：每天的貼文與夜間選擇
post-day-title = 第 { $day } 天
choice-leader = 投票選狼頭
choice-kill = 報刀
choice-pick = 定刀（狼頭）
choice-save = 使用解藥
choice-poison = 使用毒藥
choice-pass = 今晚不用藥
choice-check = 查驗一名角色
choice-shoot = 開槍帶走
choice-hold = 不開槍
choice-badge = 移交警徽給
choice-lead = 把狼頭移交給

## Discord：機器人自己的拒絕（規則的拒絕見 err-*）
svc-not-set-up = 本伺服器還沒有設定遊戲論壇。請有「管理伺服器」權限的成員先執行 /狼人殺設定。
svc-not-judge = 只有擁有本伺服器法官身分組的成員才能這樣做。
svc-no-game = 這裡沒有遊戲。請在遊戲的貼文或報名貼文裡使用這個指令，或在遊戲期間私訊機器人使用。
svc-not-a-player = 你沒有參加這局遊戲。
svc-signup-closed = 報名已截止：遊戲已經開始。
svc-already-joined = 你已經報名了。
svc-not-joined = 你還沒有報名。
svc-player-count = { $players } 人無法進行 { $ruleset }，請等待更多（或更少）玩家報名。
svc-unknown-ruleset = 沒有名為「{ $name }」的規則，請從清單中選擇。
svc-unknown-target = 「{ $name }」不是本局的角色（或不是有效的值），請從清單中選擇。
svc-unknown-time-zone = 「{ $name }」不是可辨識的時區。請填 IANA 時區名稱，例如 Asia/Taipei（臺灣時間）、Asia/Shanghai、America/New_York 或 UTC。
svc-empty-reason = 請填寫理由。
svc-already-playing = { $player } 已經在這局遊戲中。
svc-platform = Discord 拒絕了請求：{ $why }
svc-internal = 我們這邊出了點問題，你的指令可能已經記錄，也可能沒有。請先用 /狀態 查看，再決定要不要重試。
svc-db-unanswered = 資料庫沒有及時回應，你的指令可能已經記錄，也可能沒有。請先用 /狀態 查看，再決定要不要重試。
svc-slow-choose-again = 資料庫回應太慢，理由視窗沒能打開，你的報刀還沒有提交。請在選單裡再選一次。
svc-rolled-back = 我們這邊出了點問題，沒有任何變更。請稍後再試。
svc-stale-button = 這個按鈕已經失效。
svc-pick-one = 請先從選單中選擇一名角色。
svc-bad-duration = 「{ $text }」不是有效的時長，請寫成 90m、2h、1d 或 1h30m 這樣的格式。
svc-no-tournament = 本伺服器沒有名為「{ $name }」的比賽，請檢查名稱，或由法官用 /比賽 新建 建立。
svc-no-tournaments = 本伺服器還沒有比賽，法官可以用 /比賽 新建 建立一個。
svc-tournament-exists = 名為「{ $name }」的比賽已經存在，請換一個名稱。
svc-tournament-full = 比賽 { $name } 的 { $planned } 局已經排滿，更多的局請另外新建一個比賽。
svc-tournament-ruleset = 比賽 { $name } 使用 { $ruleset } 規則，請用這個規則為它開局。
svc-no-games-planned = 比賽至少要有一局，請填 1 或更多的局數。
svc-judge-plays = 你在這局遊戲中有座位，不能擔任這局的法官。請由沒有參加遊戲的法官操作；或由擁有「管理伺服器」權限的成員用 /狼人殺設定 允許參賽法官（參賽法官:True），參賽法官看不到身分。
svc-judge-plays-secret = 你在這局遊戲中有座位：遊戲結束前，身分、牌、夜晚行動和匯出都對你保密。請由沒有參加遊戲的法官查看。
svc-foreign-game = 這個按鈕屬於另一個伺服器的遊戲，在這裡無效。

## Discord：重複點選夜間操作時的回覆
recorded-leader = 已記錄：你投 { $name } 當狼頭。
recorded-pick = 已記錄：你定刀 { $name }。
recorded-kill = 已記錄：你報刀 { $name }。
recorded-check = 已記錄：你查驗了 { $name }。
recorded-save = 已記錄：你救了 { $name }。
recorded-poison = 已記錄：你毒了 { $name }。
recorded-pass = 已記錄：今晚不用藥。

## Discord：查詢
view-no-vote = 現在沒有進行中的投票。
view-votes-heading = 第 { $day } 天票型（{ $closes } 截止；警長的票算 { $weight } 票）：
view-abstained = 棄票：{ $names }
view-not-voted = 還沒投票：{ $names }
view-phase = 目前：{ $phase }；下一個截止時間 { $due }。
view-sheriff = 警長：{ $name }
view-living = 存活：{ $names }
view-dead = 出局：{ $names }
view-you = 你扮演 { $name }，身分是{ $role }。
view-judge-plays = 你在這局遊戲中有座位：遊戲結束前，法官檢視不會顯示任何祕密資訊。
view-cards = （藍／黃／紅牌 { $cards }）
view-kill-submitted = 報刀：{ $by } → { $target }
view-leader = 狼頭：{ $name }
view-potions = 解藥剩餘：{ $antidote }；毒藥剩餘：{ $poison }

## Discord：回覆
ok-vote = 你投給 { $name } 的票已記錄，會連同理由發到當天的討論串。
ok-abstain = 你今天棄票。
ok-proxy = 已請法官代投：你的票投給 { $name }。
ok-speedup = 你的加速申請已計入。
ok-lastwords = 你的遺言已記錄，會在出局私訊裡說的那一天的貼文發出時公布。
ok-treehole = 已記入你的樹洞。遊戲結束前沒有人看得到。
ok-setup = 設定完成：遊戲在 { $forum }，法官身分組是 { $role }，法官日誌在 { $log }。
ok-setup-time-zone = 遊戲時間依 { $zone } 顯示（現在是 { $now }）。
ok-setup-playing-judge = 參加遊戲的法官{ $allowed ->
    [yes] 可以擔任該局法官，但在遊戲結束前看不到身分、牌和夜晚行動。
   *[no] 不能擔任該局法官（由其他法官操作）。
}
ok-signup-opened = 報名貼文已發出：{ $post }。
ok-started = 遊戲已開始（第 { $game } 局），身分正在用私訊發出。
ok-joined = 報名成功（{ $count } / { $seats }）。遊戲開始時身分會私訊給你。
ok-left = 你已退出報名。
ok-joined-waiting = 本局已滿（{ $seats } 人），你在候補名單第 { $place } 位。有人退出時依順序遞補，遞補後會私訊通知你。
ok-unsigned = 已將 { $member } 移出報名。
ok-card = 已給 { $name } 發牌。
ok-removed = { $name } 已被移出遊戲。
ok-substituted = { $player } 現在接替 { $name }。
ok-extended = 目前的截止時間已延後 { $by }。
ok-paused = 遊戲已暫停。
ok-resumed = 遊戲已恢復。
ok-ended = 遊戲已結束。
ok-exported = 第 { $game } 局的遊戲腳本和報告。用 `wolfjudge script game-{ $game }.json` 重播；任何人都可以用 `wolfjudge verify game-{ $game }.json --commitment <開局公布的種子雜湊值>` 驗證發牌。
export-mismatch = 警告：重播腳本得到的結果與儲存的對局在這些項目上不一致：{ $fields }。請回報這個問題。
ok-choice = 已記錄：{ $choice } { $name }。
ok-tournament-created = 比賽 { $name } 已建立：共 { $games } 局 { $ruleset }，法官 { $judge }。用 /狼人殺 新遊戲 規則:{ $ruleset } 比賽:{ $name } 為它開局。

## Discord：報名
signup-title = 報名：{ $ruleset }
signup-body = **{ $ruleset }**，法官 { $judge }。已報名：{ $count } 人（本局需要 { $seats } 人）。
signup-waiting = 候補（有人退出時依順序遞補）：
signup-open = 按「報名」（或使用 /報名）。人數合適後法官用 /狼人殺 開始 開局。
signup-started = 遊戲已開始，報名已截止。
button-join = 報名
button-leave = 退出
dm-joined = 你已報名一局 { $ruleset }。你的身分和每晚的操作提示都會傳到這裡（私訊）。
dm-moved-up = 有人退出了 { $ruleset } 的報名，你已從候補遞補為正式報名。你的身分和每晚的操作提示都會傳到這裡（私訊）。
signup-dm-closed = { $player }：機器人無法私訊你，而身分是用私訊傳送的。請允許本伺服器的成員私訊你（伺服器選單 → 隱私設定），然後退出再重新報名。法官：暫時無法聯絡到這名玩家。
log-judge-command = { $judge } 使用了 { $command } → { $result }
modal-kill-title = 今晚報刀

## Discord：斜線指令的名稱與說明（Discord 的 zh-TW 語系用戶端顯示這些文字）
cmd-wolf = 狼人殺
cmd-wolf-desc = 報名（法官）
cmd-wolf-setup = 狼人殺設定
cmd-wolf-setup-desc = 選擇遊戲論壇、法官身分組與法官日誌頻道
cmd-wolf-setup-forum = 論壇
cmd-wolf-setup-forum-desc = 進行遊戲的論壇頻道
cmd-wolf-setup-judge_role = 法官身分組
cmd-wolf-setup-judge_role-desc = 法官的身分組
cmd-wolf-setup-log = 日誌
cmd-wolf-setup-log-desc = 法官日誌用的私人頻道
cmd-wolf-setup-language = 語言
cmd-wolf-setup-language-desc = 遊戲語言：zh（簡體中文）、zh-TW（繁體中文）或 en
cmd-wolf-setup-timezone = 時區
cmd-wolf-setup-timezone-desc = 遊戲顯示時間用的時區（IANA 名稱），預設：簡體中文 Asia/Shanghai、繁體中文 Asia/Taipei、英文 UTC
cmd-wolf-setup-playing_judge = 參賽法官
cmd-wolf-setup-playing_judge-desc = 參加遊戲的法官能否擔任該局法官（看不到身分；預設不能）
cmd-wolf-new = 新遊戲
cmd-wolf-new-desc = 為新遊戲發報名貼文（法官）
cmd-wolf-new-ruleset = 規則
cmd-wolf-new-ruleset-desc = 板子（每個選項寫有人數與身分）
cmd-wolf-new-tournament = 比賽
cmd-wolf-new-tournament-desc = 這局所屬的比賽（比賽名稱）
cmd-wolf-start = 開始
cmd-wolf-start-desc = 報名人數合適時開局（法官）
cmd-join = 報名
cmd-join-desc = 報名參加目前的遊戲
cmd-leave = 退出報名
cmd-leave-desc = 退出目前遊戲的報名
cmd-vote = 投票
cmd-vote-desc = 投票放逐一名角色，理由會公開
cmd-vote-target = 目標
cmd-vote-target-desc = 你投給誰
cmd-vote-reason = 理由
cmd-vote-reason-desc = 理由（隨投票公布）
cmd-abstain = 棄票
cmd-abstain-desc = 今天棄票
cmd-votes = 票型
cmd-votes-desc = 查看今天的票型（警長票加權），或某一天的完整投票紀錄
cmd-role = 身分
cmd-role-desc = 私下再傳一次我的身分
cmd-status = 狀態
cmd-status-desc = 遊戲進度：階段與截止時間、警長、存活角色
cmd-proxy = 代投
cmd-proxy-desc = 來不及投票時，請法官代你把票投給某個角色
cmd-proxy-target = 目標
cmd-proxy-target-desc = 你的票投給誰
cmd-speedup = 加速
cmd-speedup-desc = 申請加快遊戲節奏
cmd-lastwords = 遺言
cmd-lastwords-desc = 留下你的遺言
cmd-lastwords-text = 內容
cmd-lastwords-text-desc = 你的遺言
cmd-treehole = 樹洞
cmd-treehole-desc = 寫一則遊戲結束前沒人看得到的私人筆記
cmd-treehole-text = 內容
cmd-treehole-text-desc = 你的筆記
cmd-judge = 法官
cmd-judge-desc = 法官的指令
cmd-judge-card = 發牌
cmd-judge-card-desc = 發一張牌（藍／黃／紅）並寫明理由
cmd-judge-card-target = 目標
cmd-judge-card-target-desc = 給誰
cmd-judge-card-color = 顏色
cmd-judge-card-color-desc = 哪種牌
cmd-judge-card-reason = 理由
cmd-judge-card-reason-desc = 為什麼
cmd-judge-remove = 移出
cmd-judge-remove-desc = 把一名角色移出遊戲
cmd-judge-remove-target = 目標
cmd-judge-remove-target-desc = 誰
cmd-judge-remove-reason = 理由
cmd-judge-remove-reason-desc = 為什麼
cmd-judge-substitute = 替補
cmd-judge-substitute-desc = 讓一名新成員接替某個角色
cmd-judge-substitute-target = 角色
cmd-judge-substitute-target-desc = 被接替的角色
cmd-judge-substitute-member = 成員
cmd-judge-substitute-member-desc = 接替的成員
cmd-judge-unsign = 移出報名
cmd-judge-unsign-desc = 把一名成員移出目前的報名（開局前）
cmd-judge-unsign-member = 成員
cmd-judge-unsign-member-desc = 要移出報名的成員
cmd-judge-extend = 延時
cmd-judge-extend-desc = 把目前的截止時間延後（如 2h、90m、1d）
cmd-judge-extend-by = 時長
cmd-judge-extend-by-desc = 延後多久，如 1d、12h、90m 或 1d12h
cmd-judge-pause = 暫停
cmd-judge-pause-desc = 暫停計時，直到恢復
cmd-judge-resume = 恢復
cmd-judge-resume-desc = 恢復計時，還沒到的截止時間順延暫停的時長
cmd-judge-end = 結束
cmd-judge-end-desc = 立即結束遊戲
cmd-judge-end-winner = 勝方
cmd-judge-end-winner-desc = wolves、village、killers、police 或 draw；留空表示無
cmd-judge-status = 全局
cmd-judge-status-desc = 遊戲的全部資訊（含祕密，只有你看得到）

## 版殺功能
treehole-title = 樹洞
treehole-line = { $name }（{ $player }）：{ $text }
treehole-line-open = { $name }：{ $text }
svc-post-in-thread = 本局不是馬甲局：請直接在當天的討論串裡發言。
svc-posting-too-fast = 每人每分鐘最多發言 { $per_minute } 次：這則發言沒有轉發，{ $until }（{ $in }）之前再發的也不會轉發。請到時再發，機器人不會替你排隊。
tip-anonymous-post = 本局是馬甲局：你直接發在遊戲貼文裡的訊息會暴露你的帳號，所以已被刪除。請用 /發言 或把內容私訊給我，以角色身分發言。你的原文是：{ $text }
flag-dead-post = ⚠ 詐屍：{ $name } { $player } 出局後仍在發言：{ $link }
flag-edited = ⚠ { $name } { $player } 編輯了自己的發言：{ $link }
flag-deleted = ⚠ { $name } { $player } 刪除了自己的發言：{ $link }
flag-outsider = ⚠ 非玩家 { $player } 在遊戲貼文裡發言：{ $link }
flag-mention = ⚠ { $name } { $player } 在轉發的發言裡提到了某個帳號（已從轉發中拿掉；這可能暴露馬甲）：{ $link }
flag-card-reason = 機器人回報的違規
button-card-blue = 藍牌
button-card-yellow = 黃牌
elevator-heading = 第 { $day } 天電梯（隨發言更新；只看某個角色的全部發言：/發言紀錄）：
elevator-line = { $name }（{ $count }）：[最新]({ $link })
elevator-none = { $name }（0）
posts-heading = 第 { $day } 天發言數（每天至少 { $need } 則）：
ok-say = 已以角色身分發言。
cmd-say = 發言
cmd-say-desc = 以角色身分在當天的討論串發言（馬甲局）
cmd-say-text = 內容
cmd-say-text-desc = 你的角色要說的話
cmd-posts = 發言數
cmd-posts-desc = 今天的發言數
cmd-tournament = 比賽
cmd-tournament-desc = 比賽：依身分計分的一系列對局
cmd-tournament-new = 新建
cmd-tournament-new-desc = 在本伺服器建立一個比賽（法官）
cmd-tournament-new-name = 名稱
cmd-tournament-new-name-desc = 比賽的名稱
cmd-tournament-new-games = 局數
cmd-tournament-new-games-desc = 比賽共有幾局
cmd-tournament-new-ruleset = 規則
cmd-tournament-new-ruleset-desc = 規則：mafia（預設）、m32 或 uno（UNO 比賽）
cmd-tournament-new-club_day = 活動日
cmd-tournament-new-club_day-desc = 所屬的活動日（一場 UNO 比賽加一場殺人遊戲比賽）
cmd-standings = 積分榜
cmd-standings-desc = 公布比賽的積分表與積分走勢圖
cmd-standings-tournament = 比賽
cmd-standings-tournament-desc = 比賽名稱（預設：最近的比賽）
cmd-standings-club_day = 活動日
cmd-standings-club_day-desc = 活動日：其中每場比賽的積分榜
cmd-stats = 戰績
cmd-stats-desc = 成員或全伺服器的戰績：局數、各身分與陣營勝場、勝率和拿到的牌
cmd-stats-member = 成員
cmd-stats-member-desc = 查看誰的戰績（預設：你自己）
cmd-judge-export = 匯出
cmd-judge-export-desc = 把整局遊戲匯出為遊戲腳本與報告（檔案只有你看得到）

## Discord 上的板子（/狼人殺 新遊戲 的選項、報名貼文裡的板子、/狼人殺 規則）

board-m32 = M32 版殺
board-mafia = 殺人遊戲
board-idiot = 預女獵白
board-guard = 預女獵守
board-wolf-king = 白狼王騎士
board-small = 預女獵
board-named = { $board }（{ $ruleset }）
board-role-count = { $role }×{ $count }
board-lines-sep = ；
board-list-sep = 、
board-deal = { $players } 人：{ $roles }
board-deal-range = { $players } 人：{ $roles }，其餘為{ $rest }
board-yes = 是
board-no = 否
board-option = { $name }：{ $value }
signup-board = 板子：{ $board } — { $deal }
signup-options = 與規則預設不同的選項：{ $options }
rules-heading = **板子：{ $board }**
rules-roles = 身分：
rules-role = · { $role }：{ $line }
rules-options = 選項：
svc-bad-option = { $option } = { $value } 不適用於這套規則：所有時長都必須大於零，白天時長必須比收票前禁止改票的最後一小時長，女巫時限不能早於夜間行動時限。請修改這個選項（或不填，沿用規則的預設值）。
svc-players-option = { $ruleset } 不能進行 { $players } 人局；可選人數：{ $seats }。
opt-day_length = 白天時長
opt-speedup_day_length = 加速後白天時長
opt-speedup = 允許加速
opt-runoff_length = 平票加賽時長
opt-night_length = 夜間行動時限（女巫以外）
opt-witch_deadline = 女巫時限
opt-decision_window = 白天出局後的決定時限（開槍、警徽、狼頭）
opt-night_decision_window = 夜間出局後的決定時限
opt-fixed_phase_times = 固定階段時間
opt-hunter_shoots_when_sent_off = 獵人被罰下時可開槍
opt-hunter_shoots_when_poisoned = 獵人被毒時可開槍
opt-witch_waits_for_kill = 刀口確定後再問女巫
opt-last_words_due = 遺言截止
opt-split_tie = 夜間平票處理
opt-vote_changes = 每天可改票次數
opt-vote_lock = 收票前禁止改票時長
opt-proxy_deadline = 代投截止（距收票）
opt-proxy_change_deadline = 代投更改截止（距收票）
opt-sheriff = 警長
opt-sheriff_weight = 警長票權重
opt-day_tie = 白天平票處理
opt-sheriff_tie = 警長選舉平票處理
opt-wolf_leader = 狼頭
opt-leader_pick_fallback = 狼頭未定刀時
opt-wolf_chat = 狼隊群組
opt-witch_self_save = 女巫可自救
opt-witch_self_save-never = 不能
opt-witch_self_save-first_night = 僅首夜可以
opt-witch_self_save-always = 可以
opt-knight_duel_day_one = 騎士第 1 天可決鬥
opt-last_words = 遺言數量
opt-auto_cards = 自動判牌
opt-lurk_min_posts_day = 每日最少發言數
opt-lurk_min_posts_streak = 連續多日每日最少發言數
opt-lurk_streak_days = 連續天數
opt-blues_per_yellow = 幾張藍牌換一張黃牌
opt-yellows_per_red = 幾張黃牌換一張紅牌
opt-red_card_loses_camp = 紅牌判所在陣營負
opt-anonymous = 匿名馬甲
opt-wolves_win_at_half = 狼人達到存活半數即勝
opt-wolf_self_destruct = 狼人可自爆
opt-deal = 發牌
role-line-wolf = 每晚和狼隊一起刀一人。
role-line-villager = 沒有技能，靠發言和投票找狼。
role-line-seer = 每晚查驗一人是不是好人陣營。
role-line-witch = 一瓶解藥、一瓶毒藥，每局各限用一次。
role-line-hunter = 出局時可開槍帶走一人。
role-line-killer = 每晚和其他殺手一起殺一人。
role-line-police = 每晚和其他警察一起查驗一人，得知他的確切身分。
role-line-civilian = 沒有技能，靠發言和投票找出殺手。
role-line-guard = 每晚守護一人不被狼刀，不能連續兩晚守同一人。
role-line-idiot = 被放逐時翻牌免死，但從此不能投票。
role-line-white_wolf_king = 狼人，白天可自爆並帶走一人。
role-line-knight = 白天可決鬥一次：對方是狼就對方出局，否則騎士出局。
cmd-wolf-new-day_length = 白天時長
cmd-wolf-new-day_length-desc = 每天的時長，如 24h、12h 或 1d（預設依規則）
cmd-wolf-new-night_deadline = 夜間時限
cmd-wolf-new-night_deadline-desc = 夜間行動的時限（女巫除外），從入夜起算，如 30m
cmd-wolf-new-witch_deadline = 女巫時限
cmd-wolf-new-witch_deadline-desc = 女巫的時限，從入夜起算，如 1h
cmd-wolf-new-anonymous = 匿名
cmd-wolf-new-anonymous-desc = 使用匿名馬甲，還是玩家自己的名字
cmd-wolf-new-players = 人數
cmd-wolf-new-players-desc = 人數（規則允許多種人數時，如殺人遊戲 11–16）
cmd-wolf-rules = 規則
cmd-wolf-rules-desc = 在這裡公布目前遊戲的板子、身分與選項
cmd-concede = 認輸
cmd-concede-desc = 代表己方認輸（殺人遊戲：己方只剩你一人時）
cmd-self-destruct = 自爆
cmd-self-destruct-desc = 立即自爆（白天）；白狼王可帶走一人
cmd-self-destruct-target = 帶走
cmd-self-destruct-target-desc = 帶走誰（僅限白狼王）
cmd-duel = 決鬥
cmd-duel-desc = 與一名角色決鬥（白天，每局一次）
cmd-duel-target = 目標
cmd-duel-target-desc = 與誰決鬥
ok-concede = 你已認輸，遊戲結束。
ok-self-destruct = 已記錄：你已自爆，當天的討論串會公布。
ok-duel = 已記錄：你與 { $name } 決鬥，結果會公布在當天的討論串。

## 標準板子（docs/rules.md §4）：守衛、白癡、白狼王、騎士。
role-guard = 守衛
role-idiot = 白癡
role-white_wolf_king = 白狼王
role-knight = 騎士
role-desc-guard = 每晚入夜後 { $night }內可以私訊法官守護一名存活角色（可以守自己）不被狼刀，也可以空守；不能連續兩晚守同一名角色。女巫救了你守的人，他照樣出局（同守同救）。守護擋不住毒藥。沒傳訊息就是空守。
role-desc-idiot = 白天被投票出局時你不會出局：你的身分公開翻牌，你留在場上、繼續發言，但從此不能再投票。之後再被投票放逐就會出局。夜裡被刀或被毒，照常出局。
role-desc-white_wolf_king = 你是狼人：每晚入夜後 { $night }內和其他狼人一樣私訊法官報刀，附兩個字的理由{ $leader ->
    [yes] ；參加狼頭選舉，也可以當狼頭
   *[no] {""}
}。白天投票結束前你可以自爆：立即出局，並可以帶走一名其他存活角色；當天隨即結束，沒有放逐。
role-desc-knight = 每局一次，白天投票結束前{ $dayone ->
    [yes] {""}
   *[no] （第一天除外）
}，你可以與一名其他存活角色決鬥。對方是狼人就對方出局，當天立即結束；否則你出局，當天繼續。
ev-out-self-destruct = { $name } 自爆，出局。
ev-out-taken = { $name } 被帶走，出局。
ev-out-duel = { $name } 決鬥失敗，出局。
ev-guard-protected = 今晚你守護 { $target }。
ev-guard-protected-nobody = 今晚你空守。
ev-idiot-revealed = { $name } 被投票放逐，翻牌：【白癡】。{ $name } 留在場上，但不能再投票。
ev-self-destruct = { $name } 自爆，出局；今天的投票到此結束。
ev-self-destruct-take = { $name } 自爆，並帶走 { $target }；今天的投票到此結束。
ev-duel = { $name } 向 { $target } 發起決鬥：{ $wolf ->
    [yes] { $target } 屬於狼隊，決鬥失敗。
   *[no] { $target } 是好人，{ $name } 決鬥失敗。
}
ev-day-cut = 第{ $day }天到此結束：今天沒有放逐。入夜時間與平常投票結束後相同。
err-protect-repeated = 你昨晚守護了 { $name }；守衛不能連續兩晚守同一名角色。請選擇別人，或空守。
err-idiot-cannot-vote = 已翻牌的白癡不能再投票、棄票或請人代投。
err-self-destruct-target = 只有白狼王自爆時可以帶人；請不帶目標自爆。
err-duel-used = 你這局已經決鬥過了，決鬥只有一次。
err-duel-day-one = 第一天不能決鬥（當天投票選警長）。從第二天起可以決鬥。
sim-act-protect = 守護 { $target }
sim-act-protect-nobody = 空守
sim-act-self-destruct = 自爆
sim-act-self-destruct-take = 自爆並帶走 { $target }
sim-act-duel = 與 { $target } 決鬥
deed-protect = { $by } 守護 { $target }
deed-protect-nobody = { $by } 空守
deed-self-destruct = { $by } 自爆，帶走 { $target }
deed-self-destruct-alone = { $by } 自爆
deed-duel = { $by } 與 { $target } 決鬥
deed-idiot-revealed = { $by } 翻牌為白癡
choice-protect = 守護一名角色
choice-protect_nobody = 今晚空守
prompt-night-guard = 第{ $night }夜：請在 { $until } 前選擇守護一名存活角色（可以守自己），讓他今晚不被狼刀，或空守{ $has ->
    [yes] ；不能守昨晚守過的 { $last }
   *[no] {""}
}。沒傳訊息就是空守。
board-count = { $role }×{ $count }
ev-reveal-board = 板子：{ $ruleset }（{ $roles }）{ $has ->
    [yes] ；與板子預設不同的選項：{ $options }
   *[no] {""}
}。

## 頻道管理：白天貼文鎖定、存活／出局身分組、設定時的權限檢查
cmd-wolf-setup-living_role = 存活身分組
cmd-wolf-setup-living_role-desc = 機器人發給本局存活玩家的身分組（只有他們能在白天的貼文發言）
cmd-wolf-setup-dead_role = 出局身分組
cmd-wolf-setup-dead_role-desc = 玩家出局公布後機器人發給他的身分組
cmd-wolf-setup-spectator_role = 觀戰身分組
cmd-wolf-setup-spectator_role-desc = 觀戰成員的身分組
cmd-wolf-setup-graveyard = 墓地
cmd-wolf-setup-graveyard-desc = 出局玩家（和觀戰者）聊天的頻道
ok-setup-moderation = 機器人同步的身分組：存活 { $living }，出局 { $dead }，觀戰 { $spectator }；墓地 { $graveyard }。每天結束後，白天的貼文會被鎖定並封存。
svc-missing-permissions = 機器人缺少這次設定需要的權限，設定沒有儲存：
    { $missing }
    請給機器人的身分組加上這些權限（伺服器設定 → 身分組，或頻道的權限設定），然後重新執行 /狼人殺設定。
lack-permission = • { $permission }（整個伺服器）
lack-permission-in = • { $channel } 中的「{ $permission }」
lack-role-order = • 機器人的最高身分組必須排在 { $role } 之上才能發放它（在伺服器設定 → 身分組中把它拖到更高的位置）
perm-view-channel = 檢視頻道
perm-send-messages = 傳送訊息／建立貼文
perm-send-messages-in-threads = 在討論串和貼文中傳送訊息
perm-create-public-threads = 建立公開討論串
perm-create-private-threads = 建立私人討論串
perm-manage-threads = 管理討論串和貼文
perm-read-message-history = 讀取訊息歷史
perm-manage-webhooks = 管理 Webhook
perm-manage-messages = 管理訊息
perm-attach-files = 附加檔案
perm-embed-links = 嵌入連結
perm-manage-roles = 管理身分組
moderate-lock-day = 鎖定並封存第 { $day } 天的貼文。
moderate-living = 給這些玩家發放存活身分組：{ $names }。
moderate-dead = 把這些玩家的存活身分組換成出局身分組：{ $names }。
moderate-clear = 收回這些玩家的存活和出局身分組：{ $names }。
moderate-replaced = 把 { $name } 的身分組從離開的玩家轉給替補。
## 判罰前的提醒：白天截止前在當天的帖子裡列出截止時會被自動判牌的角色，以及 /法官 全局 裡的風險名單。
opt-warn_before_close = 白天截止前的提醒
view-at-risk-heading = 截止時會被自動判牌的角色（{ $closes } 截止）：
view-at-risk-line = { $name }：發言 { $posts }/{ $need }{ $vote }
view-at-risk-no-vote = ；沒投票
view-at-risk-none = 目前沒有角色會在截止時被自動判牌。
view-at-risk-speedup = 加速後不再自動判牌：沒有角色有風險。
view-at-risk-off = 本局不自動判牌：沒有角色有風險。
## 陣營私人討論串：狼人（或殺人遊戲的殺手、警察）的私人討論串，只有成員和法官看得到。

opt-camp_threads = 陣營私人討論串
camp-thread-title = 第 { $game } 局 · { $camp ->
    [wolves] 狼人
    [killers] 殺手
   *[police] 警察
}
camp-thread-welcome = 這是本局{ $camp ->
    [wolves] 狼人
    [killers] 殺手
   *[police] 警察
}的私人討論串：{ $names }。只有你們和法官看得到。出局的成員會被移出：白天出局的立即移出，夜裡出局的在天亮公布時移出。
camp-thread-left = { $name } 已出局，移出本討論串。
camp-thread-substitute = { $name } 現在由替補接手，替補已加入本討論串。
camp-thread-no-channel = 本局{ $camp ->
    [wolves] 狼人
    [killers] 殺手
   *[police] 警察
}沒有私人討論串：伺服器沒有設定陣營討論串所在的頻道（`/狼人殺設定 陣營頻道:`，一個玩家看得到的文字頻道）。
ok-setup-camps = 陣營私人討論串開在 { $channel }（板子開啟 wolf_chat 時為狼人開；殺人遊戲的殺手和警察：{ $mafia ->
    [yes] 開
   *[no] 不開
}）。
ok-setup-camps-none = 沒有設定陣營討論串的頻道：不為任何陣營開私人討論串。
cmd-wolf-setup-camp_channel = 陣營頻道
cmd-wolf-setup-camp_channel-desc = 玩家看得到的文字頻道，陣營私人討論串開在這裡（不設：不開）
cmd-wolf-setup-mafia_camp_threads = 殺人遊戲陣營討論串
cmd-wolf-setup-mafia_camp_threads-desc = 殺人遊戲：為殺手和警察各開一個私人討論串（預設不開）
## 揭曉時的圖：每次投票一張，以及本局的時間軸。
chart-vote-title = { $phase } 投票
chart-time-axis = 時間（{ $zone }）
chart-abstain = 棄票
chart-proxy = { $what }（代投）
chart-voter-sheriff = { $name }（警長 ×{ $weight }）
chart-voter-gone = { $name }（已出局）
chart-no-vote = 沒投票
chart-cannot-vote = 不能投票（已翻牌的白癡）
chart-result-out = 結果：{ $name } 被放逐（{ $votes } 票）
chart-result-idiot = 結果：{ $name } 得票最多（{ $votes } 票），翻牌為白癡，留在場上
chart-result-sheriff = 結果：{ $name } 當選警長（{ $votes } 票）
chart-result-no-sheriff = 結果：沒有人當選警長
chart-result-no-sheriff-tie = 結果：{ $names } 平票，沒有人當選警長
chart-result-no-votes = 結果：沒有人投票，無人出局
chart-result-tie = 結果：{ $names } 平票，無人出局
chart-result-runoff = 結果：{ $names } 平票，進入加賽
chart-result-cut = 結果：白天提前結束，沒有放逐
chart-result-ended = 結果：投票結束前遊戲已經結束
chart-result-open = 投票還沒結束
chart-tally = 計票
chart-tally-line = { $name }：{ $votes } 票
chart-count-abstain = 棄票：{ $count } 人
chart-count-none = 沒投票：{ $count } 人
chart-vote-legend = ● 投票或改票的時間　刪除線：後來改掉的票　粗框：法官代投　黑框：結果所指
chart-missing = 註：字型中沒有的 { $count } 個字元在圖中畫成 ?，完整名字見揭曉的文字。
chart-timeline-title = 本局時間軸：{ $result }
chart-result-winner = { $winner }獲勝
chart-result-draw = 平局
chart-result-no-winner = 法官結束了遊戲，沒有勝方
chart-result-unfinished = 遊戲還沒結束
chart-timeline-row = { $name }（{ $role }）
chart-survived = 存活到最後
chart-idiot-revealed = 翻牌
chart-cause-night_kill = 夜裡被殺
chart-cause-vote = 被放逐
chart-cause-poison = 被毒死
chart-cause-shot = 被槍殺
chart-cause-red_card = 紅牌出局
chart-cause-judge = 法官移出
chart-cause-self_destruct = 自爆
chart-cause-taken = 被白狼王帶走
chart-cause-duel = 決鬥出局
chart-caption = 📊 本局的圖：每次投票一張，最後是時間軸{ $parts ->
    [1] {""}
   *[other] （{ $part }/{ $parts }）
}。
cli-sim-charts = 種子 { $seed } 這一局的 { $count } 張圖已寫入 { $dir }
## 說明與發言紀錄（/說明、/發言紀錄）；指令選項的選項名稱
cmd-help = 說明
cmd-help-desc = 機器人做什麼、目前階段該做什麼，以及所有指令（只有你看得到）
cmd-rules = 規則
cmd-rules-desc = 本局的板子、身分與選項（只有你看得到）
cmd-history = 發言紀錄
cmd-history-desc = 某個角色在本局每一則發言的連結（只看該樓層）
cmd-history-character = 角色
cmd-history-character-desc = 看誰的發言
cmd-history-page = 頁碼
cmd-history-page-desc = 第幾頁（發言多時分頁顯示）
cmd-judge-card-color-blue = 藍牌
cmd-judge-card-color-yellow = 黃牌
cmd-judge-card-color-red = 紅牌
cmd-judge-end-winner-wolves = 狼人陣營
cmd-judge-end-winner-village = 好人陣營
cmd-judge-end-winner-police = 警察陣營
cmd-judge-end-winner-killers = 殺手陣營
cmd-judge-end-winner-draw = 平局
cmd-wolf-setup-language-zh = 簡體中文
cmd-wolf-setup-language-en = 英文（English）
help-title = 狼人殺法官機器人：說明
help-about = 我是本伺服器的狼人殺（版殺）法官：管理報名、私訊發身分、收夜間行動、計票、依規則發牌，結束時公開全部紀錄。報名用 { $join } 或報名貼文的按鈕；白天在當天的貼文裡發言、用 { $vote } 投票；夜裡在和我的私訊裡按按鈕行動。隨時用 { $status } 看局勢、用 { $role } 再看一次自己的身分。
help-more = 板子與規則：{ $rules } 私下顯示本局的板子、身分與選項（法官可以用 /狼人殺 規則 公布給所有人）。每個角色的全部發言：{ $history }（只看該樓層）；今天的發言數：{ $posts }。
help-commands = 所有指令
help-no-game = 這裡沒有進行中的遊戲。想玩就在報名貼文按「報名」或用 { $join }；在遊戲的貼文裡或遊戲期間用 /說明，會告訴你目前階段該做什麼。
help-phase = **現在：{ $phase }**（下一個截止時間 { $due }）
help-paused = 遊戲已暫停：計時停止，法官恢復後繼續。
help-ended = 這局已經結束：身分揭曉和全部紀錄已經在貼文裡公布。
help-day = 白天：{ $anonymous ->
    [yes] 這是馬甲局，用 { $say } 或私訊我發言，我會以角色名稱轉發到當天的貼文（直接發在貼文裡的會被刪除）；
   *[no] 在當天的貼文裡發言；
    }{ $posts ->
    [0] 發言則數不限。
   *[other] 每人每天至少發言 { $posts } 則，不夠會被發牌。
    } 在 { $closes } 之前用 { $vote } 投票（附理由），或用 { $abstain } 棄票；票型見 { $votes }。
help-runoff = 平票加賽：只有加賽的投票人在 { $closes } 之前重新投票（{ $vote }），只能投給平票的角色。
help-day-closed = 今天的投票已截止，等待結果。
help-night = 夜晚：夜裡有行動的身分會在和我的私訊裡收到按鈕，截止前點選；其他人等待天亮。夜裡在貼文的發言不計數。
help-spectator = 你不在這局裡：可以旁觀，但請不要在遊戲貼文裡發言。
help-dead = 你已出局：請不要再在遊戲貼文裡發言（詐屍會回報給法官）。可以用 { $treehole } 寫樹洞，遊戲結束後公開。
help-you = 你是 { $name }。
help-you-day = 你是 { $name }：今天已發言 { $posts } 則{ $need ->
    [0] {""}
   *[other] （至少 { $need } 則）
    }；{ $votes ->
    [yes] { $voted ->
        [yes] 你已投票（截止前可以改票）。
       *[no] 你還沒有投票。
    }
   *[no] 這一輪加賽你不投票。
    }
help-you-pending = 你有一個待做的決定（見和我的私訊），截止 { $until }。
history-heading = **{ $name }** 在本局的全部發言：{ $count } 則
history-day = 第 { $day } 天：
history-line = #{ $n } { $link }
history-page = 第 { $page }/{ $pages } 頁；下一頁請在指令裡填頁碼 { $next }。
history-none = { $name } 在本局還沒有計入的發言。
history-no-page = 沒有第 { $page } 頁：這個角色的發言共 { $pages } 頁。
## 跨局紀錄：/戰績、/排行榜、牌的紀錄、/申訴
stats-camps = 各陣營勝場：{ $camps }
stats-camp = { $camp } { $won }/{ $played }（{ $rate }）
stats-win-rate = 勝率：{ $rate }
stats-percent = { $rate }%
stats-no-rate = 暫無
stats-list-sep = ，
stats-server-title = 本伺服器的戰績：
stats-server-games = 已開局數：{ $games }（已結束 { $finished } 局，其中無結果 { $none } 局）；玩家 { $players } 人
stats-server-winners = 獲勝方：{ $winners }
stats-server-winner = { $winner } { $count } 局
stats-server-cards = 發出的牌：藍牌 { $blue } 張，黃牌 { $yellow } 張，紅牌 { $red } 張
leaderboard-title = 本伺服器排行榜（依{ $by ->
    [rate] 勝率
   *[wins] 勝場
}，至少 { $min } 局已結束的遊戲）：
leaderboard-empty = 還沒有人打滿 { $min } 局已結束的遊戲。
leaderboard-line = { $rank }. { $player } — 勝 { $won } / { $games } 局（{ $rate }%）
leaderboard-page = 第 { $page }/{ $pages } 頁（用「頁」選項翻頁）
signup-red-card = {" "}🟥×{ $count }
signup-red-card-legend = 🟥：最近 { $games } 局中拿過紅牌（僅供法官參考）。
ok-setup-red-cards = 報名貼文會標出最近 { $games } 局中拿過紅牌的成員（0 為不標）。
ok-appeal = 你的申訴已私下記錄給法官。法官的判決為最終判決；申訴在遊戲結束後統一處理。
ev-appealed = { $name } 提出申訴：{ $text }
ev-appeals-title = 本局遊戲中的申訴（{ $count } 則，遊戲結束後處理）：
ev-appeals-line = - { $name }（{ $player }，{ $time }）：{ $text }
sim-act-appeal = 向法官申訴
cmd-stats-server = 全伺服器
cmd-stats-server-desc = 查看整個伺服器的戰績，而不是某位成員的
cmd-leaderboard = 排行榜
cmd-leaderboard-desc = 本伺服器玩家依勝場或勝率排名（發到頻道）
cmd-leaderboard-by = 排序
cmd-leaderboard-by-desc = 依勝場（預設）或勝率排名
cmd-leaderboard-min_games = 最少局數
cmd-leaderboard-min_games-desc = 參與排名至少需要的已結束局數（預設：依勝場 1，依勝率 3）
cmd-leaderboard-page = 頁
cmd-leaderboard-page-desc = 第幾頁（每頁 20 人）
cmd-appeal = 申訴
cmd-appeal-desc = 就本局遊戲向法官申訴；申訴在遊戲結束後處理
cmd-appeal-text = 內容
cmd-appeal-text-desc = 你的申訴
cmd-wolf-setup-red_card_games = 紅牌局數
cmd-wolf-setup-red_card_games-desc = 報名貼文標出最近 N 局中拿過紅牌的成員（預設 5，0 為不標）
## 每個討論串的公開計票，以及 /票型 天:N
tally-title = 📊 **{ $phase }計票**
tally-weight = 警長的票（★）算 { $weight } 票。
tally-target = **{ $name }** — { $votes } 票：{ $voters }
tally-target-none = **{ $name }** — 0 票
tally-sheriff = { $name } ★×{ $weight }
tally-proxy = { $name }（代投）
tally-changed = { $name }（{ $chain }）
tally-changed-count = { $name }（改票 { $count } 次）
tally-change = { $old } → { $new }
tally-struck = ~~{ $name }~~
tally-abstain-word = 棄票
tally-abstained = 棄票（{ $count }）：{ $names }
tally-void = 不計（投的角色已出局）（{ $count }）：{ $names }
tally-no-votes = 還沒有人投票。
tally-not-voted = 還沒投票（{ $count }）：{ $names }
tally-more = ……另有 { $count } 行沒有列出（見 /票型）。
tally-open = 投票在 { $closes } 截止。
tally-final = 已在 { $at } 截止：以上是最終票型，結果見下方。
tally-cut = 本日在 { $at } 提前結束：今天沒有放逐。
tally-ended = 遊戲在 { $at } 結束，本輪投票隨之終止。
votes-history-heading = 第 { $day } 天全部投票紀錄（依時間順序）
votes-history-round = **{ $phase }**（{ $at } 開始）
votes-history-vote = { $at } { $by } → { $target }
votes-history-change = { $at } { $by } ~~{ $old }~~ → { $new }
votes-history-proxy = { $line }（法官代投）
votes-history-reason = { $line }：{ $reason }
votes-history-close = { $at } { $what }
votes-no-such-day = 第 { $day } 天還沒開始；本局進行到第 { $last } 天。
cmd-votes-day = 天
cmd-votes-day-desc = 查看某一天的完整投票紀錄（每次投票和改票，含時間與理由）
# --- 報名管理：法官代為報名、開局通知身分組、替補席 ---
cmd-judge-sign = 代報名
cmd-judge-sign-desc = 替一位成員報名目前的遊戲（開局前）
cmd-judge-sign-member = 成員
cmd-judge-sign-member-desc = 要加入報名的成員
cmd-judge-replace = 換人
cmd-judge-replace-desc = 替換某個角色的玩家：把座位私訊提供給替補席
cmd-judge-replace-target = 角色
cmd-judge-replace-target-desc = 玩家要離開的角色
cmd-wolf-setup-notify_role = 開局通知身分組
cmd-wolf-setup-notify_role-desc = 新報名開放時通知的身分組；成員用按鈕自行加入（預設：無）
ok-setup-notify = 新報名開放時會通知 { $role }；成員用通知訊息下方的按鈕加入或退出。機器人需要「管理身分組」權限，而且要排在該身分組之上。
ok-setup-no-notify = 新報名開放時不通知任何人（設定開局通知身分組後，會通知自願加入的成員）。
ok-signed = 已替 { $member } 報名（{ $count } / { $seats }）。
ok-signed-waiting = 本局已滿：{ $member } 在候補名單第 { $place } 位。
ok-offered = 已私訊 { $count } 名替補，提供 { $name } 的座位；最先接受的人接替該角色。在那之前原玩家繼續遊戲。
signup-ping = { $role }：{ $ruleset } 新的一局開放報名了（法官 { $judge }），請在上面的貼文裡按「報名」。
button-notify-on = 開局時通知我
button-notify-off = 不再通知
ok-notify-on = 新報名開放時會通知你（{ $role }）。
ok-notify-off = 新報名開放時不會再通知你。
button-bench = 報名替補
button-unbench = 退出替補
signup-bench = 替補席（法官換人時會私訊提供座位）：
ok-benched = 你已進入這局 { $ruleset } 的替補席。法官換人時會私訊提供座位，請保持私訊開啟。
ok-unbenched = 你已退出替補席。
dm-bench-offer = 法官要替換 { $name } 的玩家。按下面的按鈕接替該角色（身分、牌和發言都保留）；最先接受的替補得到座位。
button-take-seat = 接替座位
ok-seat-yours = 你現在扮演 { $name }（{ $role }）。身分、拿到的牌和該角色的發言都延續；用 /身分 查看全部資訊。
svc-on-bench = 你已經在替補席上了。
svc-not-on-bench = 你不在這局遊戲的替補席上。
svc-seat-taken = 這個座位已經被其他替補接替了。
svc-empty-bench = 這局遊戲的替補席上沒有人：請成員在報名貼文上按「報名替補」，或用 /法官 替補 指定成員。
svc-no-notify-role = 本伺服器沒有設定開局通知身分組：管理員可以用 /狼人殺設定 開局通知身分組 設定。

## 排行榜的排序（選項）
cmd-leaderboard-by-wins = 勝場
cmd-leaderboard-by-rate = 勝率

## UNO（規則 §5）：顏色、牌與拒絕
uno-color-red = 紅
uno-color-yellow = 黃
uno-color-green = 綠
uno-color-blue = 藍
uno-card-number = { $color }{ $number }
uno-card-skip = { $color }禁止
uno-card-reverse = { $color }迴轉
uno-card-draw-two = { $color }+2
uno-card-wild = 變色
uno-card-wild-draw-four = +4
uno-err-not-your-turn = 現在輪到 { $turn } 出牌，請等輪到你再出。
uno-err-card-not-in-hand = 你手上沒有 { $card }。請按「我的手牌」查看你能出的牌。
uno-err-card-not-playable = { $card } 接不上：桌上是 { $top }，目前顏色是{ $color }。請出同顏色、同數字或同符號的牌，或變色／+4；沒有能出的牌就抽一張。
uno-err-last-card-not-allowed = { $card } 不能當作最後一張牌打出（0、禁止、迴轉、變色都不行）。請抽一張牌。
uno-err-color-required = 打出 { $card } 要同時指定顏色（紅、黃、綠、藍）。
uno-err-has-playable-card = 你有能出的牌（{ $cards }），不能抽牌。
uno-err-nothing-to-catch = 現在沒有可以抓的人：{ $target } 沒有漏喊 UNO，或已經過了抓人的時機。
uno-err-game-over = 這局 UNO 已經結束了。
uno-err-paused = 法官暫停了遊戲，恢復之前不能出牌或抽牌。
uno-err-not-paused = 遊戲沒有暫停，不需要恢復。
uno-log-started = UNO 開局：{ $players }（依報名順序入座）。種子承諾：{ $commitment }
uno-log-dealer-draw = 抽牌定莊：{ $draws }
uno-log-round-started = 第 { $round } 局開始，{ $dealer } 發牌。
uno-log-first-card = 翻開第一張牌：{ $card }。
uno-log-turn = 輪到 { $player } 出牌（截止 { $deadline }）。
uno-log-played = { $player } 打出 { $card }。
uno-log-played-color = { $player } 打出 { $card }，指定顏色：{ $color }。
uno-log-uno-called = { $player } 喊了 UNO！
uno-log-penalty-forgot = { $player } 出倒數第二張牌時沒喊 UNO，罰抽 2 張。
uno-log-penalty-caught = { $player } 漏喊 UNO 被抓，罰抽 2 張。
uno-log-penalty-wrong-card = { $player } 出錯牌，罰抽 2 張。
uno-log-penalty-wrong-uno = { $player } 喊錯 UNO，罰抽 2 張。
uno-log-penalty-wrong-catch = { $player } 抓錯人，罰抽 2 張。
uno-log-penalty-timeout = { $player } 超時，罰抽 2 張。
uno-log-drew = { $player } 抽了 { $count } 張牌。
uno-log-drew-none = { $player } 該抽牌，但牌堆和棄牌堆都沒有牌了，跳過。
uno-log-skipped = { $player } 被跳過。
uno-log-direction-clockwise = 出牌方向變為順時針。
uno-log-direction-counterclockwise = 出牌方向變為逆時針。
uno-log-reshuffled = 牌堆抽完了：棄牌堆（最上面一張除外）洗牌後成為新牌堆。
uno-log-timed-out = { $player } 出牌超時。
uno-log-round-won = { $player } 出完了手牌，贏下本局，得 { $points } 分。剩餘手牌分：{ $hands }
uno-log-game-won = 遊戲結束，勝者：{ $winners }。
uno-log-ended = 法官結束了遊戲，勝者：{ $winner }。
uno-log-ended-none = 法官結束了遊戲，沒有勝者。
uno-log-paused = 法官暫停了遊戲。
uno-log-resumed = 法官恢復了遊戲，本回合截止 { $deadline }。
uno-private-hand = 你的手牌：{ $cards }
uno-private-drew = 你抽到了：{ $cards }
uno-sim-table = 【牌桌】
uno-sim-private = 【僅 { $player } 看得到】
cli-uno-sim-unsupported = UNO 模擬目前不支援 { $flag }：拿掉這個選項再試一次。
cli-uno-sim-setup = 無法開局：{ $error }
cli-verify-uno-shuffle = 第 { $shuffle } 次洗牌（串流 { $stream }），由上到下：{ $cards }
cli-verify-uno-reshuffle = 第 { $shuffle } 次洗牌，棄牌堆洗成新牌堆（串流 { $stream }），由上到下：{ $cards }
cli-verify-uno-stacked = 第一局的牌序由腳本指定，由上到下：{ $cards }
cli-verify-uno-hand = { $name }：{ $cards }
cli-verify-uno-ended = 已重播到結束，勝者：{ $winners }。
cli-verify-uno-replayed = 已重播到第 { $round } 局，遊戲尚未結束。
uno-contest-title = UNO 比賽 { $name }：已完成 { $played } 局（手牌分總和最低者勝）
uno-contest-col-total = 手牌分
uno-contest-col-first-outs = 先出完
uno-contest-top-line = 第 { $rank } 名：{ $player }，手牌分 { $points }
uno-contest-tie-first-outs = 與 { $other } 同分，先出完的局數較多
uno-contest-tie-signup = 與 { $other } 同分、先出完局數相同，報名較早
uno-contest-tie-name = 與 { $other } 同分、先出完局數與報名時間相同，依名字排序
uno-chart-title = { $name } 累計手牌分（越低越好）
uno-chart-y = 累計手牌分（越低越好）
club-day-heading = 活動日 { $name }：{ $contests } 場比賽的積分榜（殺人王與神警探只出自殺人遊戲比賽）
cli-uno-contest-name = 模擬比賽

## 繁體中文（zh-TW）：/狼人殺設定 語言 的選項
cmd-wolf-setup-language-zh-TW = 繁體中文

# --- Discord 的錯誤，用讀者的語言說明發生了什麼、該怎麼做（discord::errors），以及法官日誌裡指名道姓的說明（discord::notes）---
discord-error-unknown-channel = 這個頻道或貼文已經不存在（被刪除，或機器人已經看不到它）。如果是管理員刪除的，請用 /狼人殺設定 檢查伺服器的頻道。
discord-error-unknown-message = 這則訊息已經不存在：有人刪除了它。
discord-error-unknown-member = 這位成員已經不在這個伺服器。
discord-error-unknown-user = Discord 上沒有這個帳號。
discord-error-missing-access = 機器人看不到這個頻道。請在那裡給機器人的身分組「檢視頻道」（和「讀取訊息歷史」）權限。
discord-error-missing-permission = 機器人在那裡缺少「{ $permission }」權限。請在頻道或伺服器設定裡給機器人的身分組加上。
discord-error-missing-permissions = 機器人在那裡缺少權限。請再執行一次 /狼人殺設定，它會列出機器人需要的權限。
discord-error-cannot-dm = 這位成員不接收機器人的私訊（關閉了來自這個伺服器成員的私訊，或封鎖了機器人）。
discord-error-tag-required = 這個論壇要求每篇貼文都要選擇標籤。請在 /狼人殺設定 中為機器人的貼文選一個標籤，或在論壇設定裡關閉「發文時必須選擇標籤」。
discord-error-thread-locked = 這篇貼文已被鎖定。如果遊戲還需要它，請解除鎖定（貼文選單 → 解鎖）。
discord-error-thread-archived = 這篇貼文已關閉（封存）。如果遊戲還需要它，請重新開啟。
discord-error-max-active-threads = 這個伺服器的活躍討論串和貼文已達 Discord 的上限。請關閉（封存）一些舊的貼文或討論串後再試。
discord-error-too-long = 這則訊息超過了 Discord 允許的長度。
discord-error-rate-limited = Discord 要求機器人放慢速度，請稍後再試。
discord-error-unavailable = Discord 沒有回應，或無法連線。請稍後再試。
discord-error-other = Discord 拒絕了它（HTTP { $status }，錯誤代碼 { $code }）。
outbox-why-refused = 平台永久拒收了它。
outbox-why-failed = 平台沒有回應。
outbox-to-public = 本局的貼文
outbox-to-seat = { $seat } 號座位的私訊
note-player = { $name }（玩家 { $player }）
note-player-dms = { $name }（玩家 { $player }）的私訊
note-dm-closed = { $name }（玩家 { $player }）不接收機器人的私訊（關閉了私訊，或封鎖了機器人）：沒有收到「{ $start }」，機器人之後傳給這位玩家的私訊也會被擱置。請親自把錯過的內容轉達給這位玩家，或用 /法官 換人 角色:{ $name } 替換這位玩家。
note-member-left = { $name } 的玩家（{ $player }）已離開伺服器。請用 /法官 換人 角色:{ $name } 替換這位玩家（座位會提供給替補席），或用 /法官 替補 指定一位成員接替。

## 夜裡的刀人選單和彈出視窗（殺手遊戲的說法、理由的字數）：標題依規則集，欄位寫明引擎要求的字數
choice-kill-mafia = 提交今晚的目標
modal-kill-title-mafia = 今晚的目標
modal-kill-reason-chars = { $chars ->
    [0] 理由
    [2] 理由（兩個字）
   *[other] 理由（{ $chars } 個字）
}

## 揭曉裡的遺言：遊戲在公布日之前就結束的遺言，在揭曉裡公布
ev-reveal-last-words = 遊戲結束前來不及公布的遺言：

## 要求標籤的論壇，以及遊戲還需要時被刪除的論壇貼文
cmd-wolf-setup-forum_tag = 貼文標籤
cmd-wolf-setup-forum_tag-desc = 每篇遊戲貼文帶的論壇標籤（論壇要求標籤時必填）
setup-tag-required = { $forum } 要求每篇貼文都要帶標籤，機器人無法在那裡發文。請重新執行 /狼人殺設定，把 貼文標籤 設為它的其中一個標籤：{ $tags }。這次沒有儲存任何設定。
setup-tag-required-none = { $forum } 要求每篇貼文都要帶標籤，但它還沒有任何標籤。請先在論壇設定（編輯頻道 → 標籤）裡新增一個標籤，再重新執行 /狼人殺設定，用 貼文標籤 指定它。這次沒有儲存任何設定。
setup-tag-unknown = { $forum } 沒有名為 { $tag } 的標籤。它的標籤有：{ $tags }。這次沒有儲存任何設定。
setup-tag-unknown-none = { $forum } 沒有任何標籤，所以沒有 { $tag }：請先在論壇設定（編輯頻道 → 標籤）裡新增，或不填 貼文標籤。這次沒有儲存任何設定。
ok-setup-tag = 每篇遊戲貼文都帶標籤 { $tag }。
signup-tag-required = { $forum } 現在要求每篇貼文都要帶標籤，所以報名貼文沒能發出來。請有「管理伺服器」權限的成員重新執行 /狼人殺設定，把 貼文標籤 設為它的其中一個標籤（{ $tags }），然後再執行一次 /狼人殺 新遊戲。
post-replaced = 第 { $day } 天的貼文被刪除了，這一天在這篇新貼文裡繼續：發言、投票和計票都照常在這裡。
judge-post-replaced = 第 { $day } 天的貼文被刪除了；機器人發了新貼文 { $post }，帶上了當天的開場、索引和計票。發言、投票和計票都在新貼文裡繼續；被刪貼文裡的訊息已經無法找回。
signup-replaced = 報名貼文被刪除了，這是新的報名貼文，已報名的成員都在：加入和退出按鈕在這裡照常可用。
judge-signup-replaced = { $ruleset } 的報名貼文被刪除了；機器人發了新貼文 { $post }，已報名的 { $count } 位成員都在。

## 伺服器的處罰紀錄：/處罰紀錄、自動生效的處罰（/狼人殺處罰規則）、解除禁賽、備註、賽後處理申訴
cmd-record = 處罰紀錄
cmd-record-desc = 你在這個伺服器的處罰紀錄（法官可以查看任何人的；只有你看得到）
cmd-record-member = 成員
cmd-record-member-desc = 查看誰的紀錄（預設：你自己；法官可以查看任何人的）
cmd-wolf-policy = 狼人殺處罰規則
cmd-wolf-policy-desc = 自動生效的處罰：紅牌或黃牌後禁止報名，以及紀錄多久後失效（不填選項：查看目前的規則）
cmd-wolf-policy-red_games = 紅牌禁賽局數
cmd-wolf-policy-red_games-desc = 拿到紅牌後，禁止報名接下來的 N 局（0 為不禁）
cmd-wolf-policy-red_days = 紅牌禁賽天數
cmd-wolf-policy-red_days-desc = 拿到紅牌後，禁止報名 N 天（0 為不禁）
cmd-wolf-policy-yellows = 黃牌張數
cmd-wolf-policy-yellows-desc = 最近幾局中累計這麼多張黃牌就禁止報名（0 為不禁）
cmd-wolf-policy-yellow_window = 黃牌統計局數
cmd-wolf-policy-yellow_window-desc = 統計這位成員最近多少局裡的黃牌
cmd-wolf-policy-yellow_games = 黃牌禁賽局數
cmd-wolf-policy-yellow_games-desc = 黃牌太多時禁止報名接下來的多少局
cmd-wolf-policy-expiry_days = 紀錄失效天數
cmd-wolf-policy-expiry_days-desc = 超過 N 天的紀錄不再計入處罰（0 為永不失效）
cmd-judge-appeals = 處理申訴
cmd-judge-appeals-desc = 已結束遊戲的申訴：不填選項時列出；填寫編號和答覆時答覆一則（私訊告知成員）
cmd-judge-appeals-appeal = 申訴編號
cmd-judge-appeals-appeal-desc = 要答覆的申訴，照清單裡的編號填寫（例如 12-345）
cmd-judge-appeals-answer = 答覆
cmd-judge-appeals-answer-desc = 你的答覆，會私訊傳給這位成員
cmd-judge-appeals-withdraw = 撤銷牌
cmd-judge-appeals-withdraw-desc = 要撤銷的這位成員在那局遊戲中的一張牌，照清單裡的編號填寫
cmd-judge-lift = 解除禁賽
cmd-judge-lift-desc = 解除這個伺服器處罰規則對某位成員的禁賽，需要填寫理由
cmd-judge-lift-member = 成員
cmd-judge-lift-member-desc = 被禁賽的成員
cmd-judge-lift-reason = 理由
cmd-judge-lift-reason-desc = 為什麼
cmd-judge-note = 備註
cmd-judge-note-desc = 在某位成員的處罰紀錄裡寫一則備註
cmd-judge-note-member = 成員
cmd-judge-note-member-desc = 哪位成員
cmd-judge-note-reason = 內容
cmd-judge-note-reason-desc = 備註內容
svc-barred = 你因為{ $cause }被禁止報名，{ $end }。如有異議，請聯絡法官。
svc-not-barred = 這位成員目前沒有被禁賽。
svc-no-appeal = 沒有編號為 { $id } 的待答覆申訴。用 /法官 處理申訴 查看清單。
svc-not-a-card = { $id } 不是這位成員在那局遊戲中拿到的牌。請照 /法官 處理申訴 清單裡的編號填寫。
bar-cause-red = 遊戲 #{ $game } 中的紅牌
bar-cause-yellows = 最近 { $games } 局中的 { $count } 張黃牌
bar-end-time = 到 { $until } 解除
bar-end-games = 再開 { $games } 局後解除
bar-end-both = 到 { $until } 而且再開 { $games } 局後解除
record-title = 📋 { $member } 在這個伺服器的處罰紀錄
record-barred = ⛔ 目前禁止報名：{ $cause }，{ $end }。
record-empty = 沒有任何紀錄。
record-more = （還有 { $count } 則較早的紀錄沒有顯示）
record-when-day = 遊戲 #{ $game } 第 { $day } 天
record-when-start = 遊戲 #{ $game } 首夜
record-by-rule = 自動判罰
record-card = { $date } { $when }：{ $color }，{ $reason }（{ $by }）[{ $id }]
record-converted = { $date } { $when }：{ $from }累計升級為一張{ $to } [{ $id }]
record-sent-off = { $date } { $when }：因紅牌出局
record-removed = { $date } { $when }：被法官 { $judge } 移出遊戲
record-sub-in = { $date } { $when }：以替補身分接手座位
record-sub-out = { $date } { $when }：被換下場
record-appeal = { $date } { $when }：申訴「{ $text }」
record-appeal-answer = {" "}→ 法官 { $judge } 答覆：{ $answer }
record-flag-converted = {" "}（已累計升級）
record-flag-lost-camp = {" "}（導致陣營判負）
record-flag-withdrawn = {" "}（申訴後已撤銷，不計入處罰）
record-note = { $date } 法官 { $judge } 備註：{ $reason }
record-lift = { $date } 法官 { $judge } 解除禁賽：{ $reason }
appeals-none = 沒有待答覆的申訴。
appeals-title = 待答覆的申訴（{ $count } 則）：
appeals-line = [{ $id }] { $member }（{ $date }）：「{ $text }」；本局拿到的牌：{ $cards }
appeals-card = { $color } [{ $id }]
appeals-no-cards = 無
appeals-how = 答覆：/法官 處理申訴 申訴編號:<編號> 答覆:<內容>，可加上 撤銷牌:<編號>。
policy-title = 這個伺服器的處罰規則：
policy-red-off = 紅牌：不自動禁賽。
policy-red-games = 紅牌：禁止報名接下來的 { $games } 局。
policy-red-days = 紅牌：禁止報名 { $days } 天。
policy-red-both = 紅牌：禁止報名接下來的 { $games } 局，而且至少 { $days } 天。
policy-yellow-off = 黃牌：不自動禁賽。
policy-yellow = 黃牌：最近 { $window } 局中累計 { $count } 張，禁止報名接下來的 { $games } 局。
policy-expiry-off = 紀錄永不失效。
policy-expiry = 超過 { $days } 天的紀錄不再計入處罰。
appeal-answer-dm = 法官答覆了你在遊戲 #{ $game } 中的申訴「{ $appeal }」：{ $answer }
appeal-answer-withdrawn = 你的這張{ $color }已撤銷，不再計入處罰（本局結果不變）。
log-appeal-answered = { $judge } 答覆了 { $member } 的申訴 [{ $id }]：{ $answer }
log-card-withdrawn = 撤銷了 { $member } 的{ $color } [{ $card }]，不再計入處罰（本局結果不變）。
log-bar-lifted = { $judge } 解除了 { $member } 的禁賽：{ $reason }
log-record-note = { $judge } 在 { $member } 的處罰紀錄裡備註：{ $reason }
ok-appeal-answered = 已答覆，答覆已私訊傳給這位成員並寫入法官日誌。
ok-card-withdrawn = 這張{ $color }已撤銷，不再計入處罰。
ok-appeal-not-told = 這位成員已經不在那個座位上，無法私訊告知；答覆已寫入紀錄。
ok-bar-lifted = 已解除 { $member } 的禁賽，並寫入紀錄和法官日誌。
ok-record-note = 已在 { $member } 的處罰紀錄裡寫入備註。
signup-barred = {" "}⛔（{ $end }）
signup-barred-legend = ⛔：依這個伺服器的處罰規則禁止報名（法官可以用 /法官 解除禁賽 解除）。
record-reds-title = 本局記入處罰紀錄的紅牌（{ $count } 張）：
record-reds-line = { $name }（{ $player }）：{ $reason }
record-reds-converted = { $from }累計升級
## 網頁：對局頁、伺服器頁、找不到的頁面
web-lang-name = 繁體中文
web-languages = 語言
web-game-title = { $ruleset } 對局
web-options = 選項：
web-phase = 階段
web-paused = 已暫停
web-deadline = 下一個截止時間
web-sheriff = 警長
web-winner = 結果
web-signup-link = Discord 上的報名貼文
web-players = 玩家
web-seat = 座位
web-name = 名字
web-state = 狀態
web-role = 身分
web-account = 帳號
web-cards = 牌（藍/黃/紅）
web-alive = 存活
web-out = 出局
web-out-night = 第 { $night } 夜出局
web-out-day = 第 { $day } 天{ $how }
web-cause-night_kill = 夜間被殺
web-cause-vote = 被投票出局
web-cause-poison = 被毒殺
web-cause-shot = 被槍殺
web-cause-red_card = 因紅牌出局
web-cause-judge = 被法官移出
web-cause-self_destruct = 自爆
web-cause-taken = 被自爆帶走
web-cause-duel = 決鬥落敗
web-days = 每天
web-day-tab = 第 { $day } 天
web-day-link = Discord 上的當天貼文
web-count = 計票
web-no-count = 還沒有投票。
web-history = 當天的全部投票
web-posts = 發言
web-post-count = 當天發言數
web-log = 當天的訊息
web-reveal = 揭祕
web-seed = 種子
web-commitment = 承諾（開局時公布）
web-verify = 要核對種子確為開局承諾的那個並給出這樣的發牌，匯出對局（法官的 /judge export）後執行：
web-charts = 圖表
web-chart-vote = { $phase }誰投了誰
web-chart-timeline = 對局時間線：誰在何時、如何出局
web-replay = 逐步回放
web-prev = ← 上一步
web-next = 下一步 →
web-heard = 最後一次收到機器人訊息：
web-last-message = 對局最後一則公開訊息：{ $at }
web-server-title = 本伺服器的對局
web-running = 進行中
web-ended = 已結束
web-none = 沒有。
web-stats = 戰績
web-stats-games = 開始的對局
web-stats-finished = 結束的對局
web-stats-players = 玩家數
web-leaderboard = 排行榜
web-player = 玩家
web-won = 勝
web-finished = 完成
web-not-found = 沒有這個頁面：連結有誤，對局已被隱藏，或其伺服器關閉了網頁。
web-uno-table = 牌桌
web-uno-cards = 手牌數
web-uno-points = 得分
web-uno-log = 出牌紀錄
web-uno-dealt = 每手發到的牌
web-uno-round = 第 { $round } 局
web-uno-hand = 手牌
help-web = 這局遊戲的網頁（即時更新，結束後有完整記錄）：{ $url }
web-link = 🔗 這局遊戲的網頁：{ $url }
cmd-wolf-setup-web_pages = 網頁
cmd-wolf-setup-web_pages-desc = 本伺服器的對局是否有網頁（預設：有）
cmd-judge-page = 網頁
cmd-judge-page-desc = 公開或隱藏這局遊戲的網頁
cmd-judge-page-listed = 公開
cmd-judge-page-listed-desc = True：有連結的人都能開啟；False：隱藏
ok-page-listed = 這局遊戲的網頁已公開：{ $url }
ok-page-listed-no-url = 這局遊戲的網頁已公開（本機器人沒有公開的網址，或本伺服器關閉了網頁）。
ok-page-unlisted = 這局遊戲的網頁已隱藏：誰都打不開。
web-standings = 積分榜與獎項
web-points-chart = 積分
web-points-chart-alt = 每位玩家在比賽每一局之後的積分
## UNO on Discord: the table message, "My hand", the end
board-uno = UNO
uno-table-title = 🃏 UNO · 第 { $round } 局
uno-table-top = 桌上：{ $card }　目前顏色：{ $color }　{ $direction }
uno-table-clockwise = 順時針出牌 ↻
uno-table-counterclockwise = 逆時針出牌 ↺
uno-table-count = { $player } { $count } 張
uno-table-turn = 輪到 { $player } 出牌，截止：
uno-table-over = 本局遊戲已結束。
uno-end-scores = 總分：{ $scores }
uno-hand-title = 你的手牌（{ $count } 張）：{ $cards }
uno-hand-your-turn = 輪到你了：請在下面選擇出牌。
uno-hand-not-your-turn = 現在輪到 { $turn } 出牌；輪到你時才能出牌。
uno-move-play = 打出 { $card }
uno-move-play-color = 打出 { $card }，指定{ $color }色
uno-move-with-uno = { $move }，並喊 UNO！
uno-move-draw = 抽一張牌
uno-move-catch = 抓 { $player }（沒喊 UNO）
uno-moves-placeholder = 選擇要出的牌
uno-button-hand = 我的手牌
uno-ok-moved = 已完成：{ $move }。
uno-err-not-a-player = 你沒有參加這局 UNO。現在輪到 { $turn } 出牌。
uno-err-stale-move = 你現在不能這樣出牌。請再按「我的手牌」查看你能做的操作。
uno-err-signup-count = UNO 需要 2 到 10 名玩家；目前報名了 { $players } 人。
ok-uno-signup-opened = UNO 報名貼文已發出：{ $post }。玩家按「報名」，然後在貼文裡用 /uno 開始 發牌。
cmd-uno = uno
cmd-uno-desc = UNO 遊戲（法官）
cmd-uno-new = 新遊戲
cmd-uno-new-desc = 為新的 UNO 遊戲發報名貼文（法官）
cmd-uno-new-turn_time = 回合時限
cmd-uno-new-turn_time-desc = 每回合的時限，如 2m 或 90s（預設 2 分鐘）
cmd-uno-new-target_score = 目標分數
cmd-uno-new-target_score-desc = 先達到這個總分者獲勝（預設 500）
cmd-uno-new-rounds = 局數
cmd-uno-new-rounds-desc = 改為固定局數，總分最高者獲勝（1：只打一局）
cmd-uno-new-uno_penalty = 漏喊罰牌
cmd-uno-new-uno_penalty-desc = 忘喊 UNO 立即罰 2 張，還是被抓到才罰
cmd-uno-new-uno_penalty-automatic = 立即罰（自動）
cmd-uno-new-uno_penalty-caught = 被其他玩家抓到才罰
cmd-uno-new-last_card_rule = 最後一張限制
cmd-uno-new-last_card_rule-desc = 0、禁止、迴轉、變色不能當作最後一張（預設開啟）
cmd-uno-new-strict_penalties = 嚴格罰牌
cmd-uno-new-strict_penalties-desc = 出錯牌、喊錯、抓錯罰 2 張；逾時罰 2 張（預設關閉）
cmd-uno-new-tournament = 比賽
cmd-uno-new-tournament-desc = 這局是哪場 UNO 比賽的下一局（此時只打一輪）
cmd-uno-start = 開始
cmd-uno-start-desc = 報名 2 到 10 人時發牌開局（法官）
